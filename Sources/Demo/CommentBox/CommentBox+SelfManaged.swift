import Basics
import Components
import HTML
import HTTPCore

/// The self-managed comment box: configured with a post, it sends its own comments. A send shows the
/// comment at once (marked as sending, the field emptied and read-only), goes to the comment service,
/// and on failure the comment goes and the field gets back exactly the text that was sent, with the error.
///
/// The send is `POST /components/comment/send` with fields `post`, `text`, `key` (the idempotency key the
/// composer carries: the same key again stores no second comment) and optional `return_to` (anything but
/// a local path falls back to the post's page), handled by the kit's generic routes from `definition`,
/// this box's declaration. Invalid text is a `422` that keeps it.
extension CommentBox {
    /// This file, which holds the handler of the component's own send (the gallery names it).
    public static let handlerFile = #filePath
    static let failureMessage =
        "Your comment couldn't be sent, so it was not posted. Your text is still here: try again."

    /// The comment box as a send: its fields, texts, limits and rendering, with the authors' names and
    /// avatars from `fixtures`. The kit handles its send from this (`CommentDefinition.kind`).
    public static func definition(fixtures: Fixtures) -> CommentDefinition {
        definition(fixtures: fixtures, reportingIn: nil)
    }

    /// The same, with the comments' kept markup reported in `caches`, when given.
    static func definition(fixtures: Fixtures, reportingIn caches: Caches?) -> CommentDefinition {
        let authors = CommentAuthors(users: fixtures.users)
        if let caches {
            authors.report(in: caches)
        }
        return CommentDefinition(
            name: "comment", title: "CommentBox",
            target: TapTarget("post", noun: "post", purpose: "the post to comment on", example: "p1"),
            summary: "Send a comment on a post, optimistically, keeping the text when it fails",
            failureMessage: failureMessage,
            returnPath: .perTarget(description: "the post's page") {
                fixtures.post($0).map { AppNavigator.postPath($0.id) }
            },
            render: { post, shown, returnTo in
                CommentBox(
                    elementID: elementID(forPost: post),
                    comments: authors.entries(
                        shown.thread, after: shown.keptByClient, fillingSendingText: shown.fillsSendingText),
                    held: authors.held(shown.thread, count: shown.keptByClient), draft: shown.draft,
                    error: shown.error, invalid: shown.invalid, busy: shown.busy, focused: shown.focusesField,
                    action: action(post: post, key: shown.key, returnTo: returnTo))
            })
    }

    /// The demo's comment box.
    public static let comments = definition(fixtures: .demo)

    public static var sendPath: String { comments.sendPath }

    /// The form a box for `post` posts.
    static func action(post: String, key: String, returnTo: String?) -> TapAction {
        comments.action(target: post, key: key, returnTo: returnTo)
    }

    /// The comment box as the app registers it: previews, each post's comments from `fixtures`, and its
    /// send.
    public static func module(_ context: ComponentContext, fixtures: Fixtures) -> CommentModule {
        CommentModule(
            definition(fixtures: fixtures, reportingIn: context.caches), preview: preview,
            base: fixtures.commentThreads,
            styles: .file("CommentBox.css"), context: context)
    }

    /// The stable id of a post's box, the same in pages and fragments: `comments-{post}`.
    public static func elementID(forPost post: String) -> String {
        "comments-" + post
    }

    /// The box as `viewer` should see it now: their comment being sent while it is, and, once, the text
    /// and error of their last send without script that did not commit. `nil` for an unknown post.
    package static func selfManaged(
        post: String, viewer: Viewer, store: CommentStore,
        definition: SelfManagedDefinition<CommentThreads> = comments.kind,
        returnTo: String? = nil
    ) -> SelfManaged? {
        store.presentation(post, viewer: viewer).map {
            definition.selfManaged(post, shown: $0, returnTo: returnTo)
        }
    }
}
