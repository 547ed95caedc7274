import PreviewKit

/// The self-managed __Name__: configured with an item, it sends its own notes. A send shows the note at
/// once, goes to the (simulated) service, and on failure the note goes and the field gets back exactly
/// the text that was sent, with the error; empty text is a `422` that keeps it. The kit does all of that
/// from `notes`, this component's declaration on its form kind: `POST /components/__name__/send` with
/// `item`, `text`, `key` (the same key again stores no second note) and an optional `return_to`.
extension __Name__ {
    /// This file, which declares the component's own send (the gallery names it).
    public static let handlerFile = #filePath
    static let failureMessage = "Your note couldn't be sent, so it was not kept. Your text is still here: try again."

    /// The items there are, each with its notes from the base data.
    public static let base: [String: [Comment]] = [
        "item-1": [Comment(id: 1, author: .anonymous, text: "A first note.", at: .init(millisecondsSince1970: 0))],
        "item-2": [],
    ]

    /// The component as a form whose text is sent.
    public static let notes: CommentDefinition = CommentDefinition(
        name: "__name__", title: "__Name__",
        target: TapTarget("item", noun: "item", purpose: "the item to add a note to", example: "item-1"),
        summary: "Add a note to an item, optimistically, keeping the text when it fails",
        failureMessage: failureMessage, sentAnnouncement: "Note sent", maximumLength: 280,
        returnPath: .fixed("/components/__name__"),
        render: { item, shown, returnTo in
            __Name__(
                notes: shown.thread.comments.map(\.text), sending: shown.thread.sending != nil, draft: shown.draft,
                busy: shown.busy, error: shown.error, invalid: shown.invalid,
                action: notes.action(target: item, key: shown.key, returnTo: returnTo))
        })

    /// The component as the app registers it: its previews, its state, its styles and its send.
    public static func module(_ context: ComponentContext) -> CommentModule {
        CommentModule(notes, preview: preview, base: base, styles: .file("__Name__.css"), context: context)
    }

    /// A __Name__ for `item` showing `note` (none when empty) that sends by itself.
    public static func selfManaged(
        item: String, note: String = "", draft: String = "", returnTo: String? = nil, busy: Bool = false,
        error: String? = nil
    ) -> SelfManaged {
        let comments = note.isEmpty ? [] : [Comment(id: 1, author: .anonymous, text: note, at: .init(millisecondsSince1970: 0))]
        let shown = CommentDefinition.Presentation(
            thread: CommentThread(comments: comments), busy: busy, draft: draft, error: error,
            key: CommentDefinition.key(target: item, sent: 0))
        return notes.selfManaged(item, shown: shown, returnTo: returnTo)
    }
}
