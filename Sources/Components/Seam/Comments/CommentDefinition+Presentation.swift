import Basics

extension CommentDefinition {
    /// What a viewer's comment box shows: the thread (with their comment being sent, while it is), what
    /// the composer holds, and its key.
    public struct Presentation: Sendable, Hashable {
        /// The comments the viewer sees, with theirs in flight at the end.
        public var thread: CommentThread
        /// A send is in flight: the composer is read-only and its button disabled.
        public var busy: Bool
        /// The text in the composer: empty, or the text of a send that did not commit.
        public var draft: String
        /// Why the draft was not kept, in a `role="alert"`.
        public var error: String?
        /// The draft was refused as it is (`aria-invalid` on the field).
        public var invalid: Bool
        /// The composer's idempotency key.
        public var key: String
        /// Where the client fills in the text being sent, from the form's field (`data-fill`): set on
        /// the optimistic state, whose comment the server renders before it knows the text.
        package var fillsSendingText: Bool
        /// The field takes focus when shown (`autofocus`): in the answer to a send that was not kept, and
        /// the page after one, so that the person can fix it or try again at once.
        package var focusesField: Bool
        /// How many of the thread's first comments the browser holds already: in the answer to its send
        /// (`SelfManagedModel.answer`), the render writes them as one `HTMLBuffer.keptByClient`, the last
        /// of them inside it. 0 (every comment written) in pages and in every other answer.
        public package(set) var keptByClient: Int = 0

        /// What a comment box shows: the `thread`, whether a send is in flight (`busy`), the composer's `draft`,
        /// its `error` and whether it was refused (`invalid`), the composer's idempotency `key`, whether the
        /// client fills in the text being sent (`fillsSendingText`), and whether the field takes focus.
        public init(
            thread: CommentThread, busy: Bool = false, draft: String = "", error: String? = nil,
            invalid: Bool = false, key: String, fillsSendingText: Bool = false, focusesField: Bool = false
        ) {
            self.thread = thread
            self.busy = busy
            self.draft = draft
            self.error = error
            self.invalid = invalid
            self.key = key
            self.fillsSendingText = fillsSendingText
            self.focusesField = focusesField
        }

        /// What a send shows at once: the comment at the end of the thread (its text filled in by the
        /// client from the field), the composer emptied and read-only, the button disabled. It is the same
        /// for every viewer, so that a page kept for every new viewer may carry it.
        package var optimisticNext: Presentation {
            optimisticNext(sending: nil)
        }

        /// The same, with the text being sent known to the server (`nil`: filled in by the client), as the
        /// gallery draws a variant's states.
        package func optimisticNext(sending text: String?) -> Presentation {
            var next = self
            next.thread.sending = Comment(
                id: 0, author: .anonymous, text: text ?? "", at: Timestamp(millisecondsSince1970: 0))
            next.busy = true
            next.draft = ""
            next.error = nil
            next.invalid = false
            next.fillsSendingText = text == nil
            next.focusesField = false
            return next
        }
    }
}
