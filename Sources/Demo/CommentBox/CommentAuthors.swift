import Basics
import Components
import HTML

/// Who wrote a comment, as the demo's comment box shows them: a demo user by name with their
/// self-managed avatar (which opens their profile), or a guest viewer by a short name.
struct CommentAuthors: Sendable {
    private let users: [Viewer: User]
    /// Each user's avatar, rendered once: a pure function of the fixtures, shown beside every comment of
    /// theirs on every render of a thread.
    private let avatars: [Viewer: RenderedAvatar]
    /// Each committed comment's markup, rendered once: a pure function of the comment and of the fixtures.
    private let rendered = RenderedComments()

    /// Reports the comments' kept markup in an app's caches.
    func report(in caches: Caches) {
        rendered.report(in: caches, as: "comments")
    }

    init(users: [User]) {
        self.users = Dictionary(
            users.compactMap { user in Viewer(id: user.uid).map { ($0, user) } },
            uniquingKeysWith: { first, _ in first })
        self.avatars = self.users.mapValues { user in
            RenderedAvatar(
                markup: HTMLRaw(
                    bytes: AvatarView.selfManaged(
                        imageURL: user.imageURL, vip: user.vip, uid: user.uid, displayName: user.name
                    ).renderedBytes))
        }
    }

    /// `thread`'s comments after its first `held` (those the browser holds) as entries, the comment being
    /// sent last.
    func entries(_ thread: CommentThread, after held: Int = 0, fillingSendingText fills: Bool) -> [CommentBox.Entry] {
        // A kept comment's entry is its markup alone: its author, avatar and text are in it already.
        var entries = markups(thread.comments.dropFirst(held)).map(CommentBox.Entry.init(committed:))
        if let sending = thread.sending {
            entries.append(entry(sending, sending: true, fill: fills ? CommentDefinition.textField : nil))
        }
        return entries
    }

    /// The first `held` comments of `thread`, which the browser holds: how many, and the last of them.
    func held(_ thread: CommentThread, count held: Int) -> CommentBox.Held? {
        guard held > 0, held <= thread.comments.count else { return nil }
        return CommentBox.Held(
            count: held, last: CommentBox.Entry(committed: markups(CollectionOfOne(thread.comments[held - 1]))[0]))
    }

    private func markups(_ comments: some Collection<Comment>) -> [HTMLRaw] {
        rendered.markups(for: comments) { comment in
            CommentBox.markup(of: entry(comment, sending: false, fill: nil))
        }
    }

    /// A comment being sent is the viewer's own: "You" (the same words for every viewer, so that a page
    /// kept for every new viewer may carry its optimistic state).
    private func entry(_ comment: Comment, sending: Bool, fill: String?) -> CommentBox.Entry {
        if sending {
            return CommentBox.Entry(author: "You", text: comment.text, time: nil, sending: true, fill: fill)
        }
        let time = comment.at
        guard let user = users[comment.author] else {
            return CommentBox.Entry(
                author: "Guest " + comment.author.id.dropFirst().prefix(4), text: comment.text, time: time,
                sending: sending, fill: fill)
        }
        return CommentBox.Entry(
            author: user.name, avatar: avatars[comment.author], text: comment.text, time: time, sending: sending,
            fill: fill)
    }
}

/// A user's self-managed avatar as `AvatarView.selfManaged` renders it, kept as its bytes.
private struct RenderedAvatar: HTMLComponent {
    let markup: HTMLRaw

    func render(into html: inout HTMLBuffer) {
        html.raw(markup)
    }
}
