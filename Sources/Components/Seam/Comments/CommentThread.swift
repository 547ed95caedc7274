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
}

extension CommentThread {
    /// A thread of `count` comments as an event shows it: `3 comments` and `{"count": 3}`.
    package static func eventState(count: Int) -> EventState {
        EventState(text: CompactCount.grouped(count) + " comments", json: .object([("count", .int(count))]))
    }
}
