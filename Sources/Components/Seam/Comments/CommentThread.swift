import HTTPCore

/// What a viewer is shown of one target's comments: the committed thread and, while their send is in
/// flight, their comment being sent.
public struct CommentThread: Sendable, Hashable {
    /// Oldest first.
    public var comments: [Comment]
    /// The viewer's comment in flight, shown at the end of the thread.
    public var sending: Comment?
    /// How many of `comments` the viewer wrote: their composer's key follows from it, so that it is new
    /// after each comment of theirs commits and the same until then.
    package var sentByViewer: Int

    /// The committed `comments`, oldest first; the viewer's comment in flight (`sending`, `nil`: none); and how
    /// many of `comments` the viewer wrote (`sentByViewer`).
    public init(comments: [Comment], sending: Comment? = nil, sentByViewer: Int = 0) {
        self.comments = comments
        self.sending = sending
        self.sentByViewer = sentByViewer
    }

    /// Whether two threads show the same: the same comments, the same one in flight, the same count of the
    /// viewer's own.
    public static func == (lhs: CommentThread, rhs: CommentThread) -> Bool {
        lhs.sentByViewer == rhs.sentByViewer && lhs.sending == rhs.sending && lhs.comments == rhs.comments
    }

    /// Hashes the count of comments and the newest, not each comment: a thread grows at its end, so those
    /// tell threads apart, and an answer's key (the thread it shows) then costs no more to hash at 200
    /// comments than at 2. Threads that differ only before their newest comment share a hash and are told
    /// apart by `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(comments.count)
        hasher.combine(comments.last)
        hasher.combine(sending)
        hasher.combine(sentByViewer)
    }
}

extension CommentThread {
    /// A thread of `count` comments as an event shows it: `3 comments` and `{"count": 3}`.
    package static func eventState(count: Int) -> EventState {
        EventState(text: CompactCount.grouped(count) + " comments", json: .object([("count", .int(count))]))
    }
}
