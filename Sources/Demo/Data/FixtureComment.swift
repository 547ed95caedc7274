import Basics

/// A comment in the demo data: a user's, on a post, at a fixed time (so that pages render the same on
/// every run).
public struct FixtureComment: Sendable, Equatable {
    /// The author's user id: the viewer `uid` (a `viewer=ada` cookie) is that user.
    public var author: String
    public var text: String
    public var at: Timestamp

    /// A comment by `author`, `minute` minutes after 2026-11-30 09:00 UTC.
    public init(_ author: String, _ text: String, minute: Int) {
        self.author = author
        self.text = text
        self.at = Timestamp(millisecondsSince1970: 1_796_029_200_000 + minute * 60_000)
    }
}
