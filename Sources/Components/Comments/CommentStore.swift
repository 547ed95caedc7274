import Basics
import HTTPCore

/// The state behind every self-managed comment box of one kind: the kit's optimistic core
/// (`OptimisticStore`) over the threads, with the comment box's words: what a viewer's box shows, and the
/// state endpoint's answer.
///
/// - Important: Thread-safe.
public final class CommentStore: OptimisticComponentState {
    /// What a viewer's comment box shows: the thread (with their comment being sent, while it is), what
    /// the composer holds, and its key.
    public struct Presentation: Sendable, Hashable {
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
        public var fillsSendingText: Bool
        /// The field takes focus when shown (`autofocus`): in the answer to a send that was not kept, and
        /// the page after one, so that the person can fix it or try again at once.
        public var focusesField: Bool

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
        public var optimisticNext: Presentation {
            var next = self
            next.thread.sending = Comment(id: 0, author: .anonymous, text: "", at: Timestamp(millisecondsSince1970: 0))
            next.busy = true
            next.draft = ""
            next.error = nil
            next.invalid = false
            next.fillsSendingText = true
            next.focusesField = false
            return next
        }
    }

    let core: OptimisticStore<CommentThreads>
    public var optimisticCore: any OptimisticCore { core }

    /// - Parameters:
    ///   - base: Each target's comments from the base data (the targets that exist). Their ids must be
    ///     unique; viewers' comments are numbered after them.
    ///   - capacity: The most comments a thread keeps; past it a send is refused (`409`), so that memory
    ///     stays bounded under a flood.
    public init(
        base: [String: [Comment]], capacity: Int = CommentStore.defaultCapacity,
        flashLimits: FlashLimits = FlashLimits()
    ) {
        core = OptimisticStore(CommentThreads(base: base, capacity: capacity), flashLimits: flashLimits)
    }

    /// The most comments a thread keeps, unless said otherwise.
    public static let defaultCapacity = 200

    public var capacity: Int { core.read { $0.capacity } }

    public func contains(_ target: String) -> Bool {
        core.read { $0.contains(target) }
    }

    /// The committed thread as `viewer` sees it, or `nil` for an unknown target.
    public func committed(_ target: String, viewer: Viewer) -> CommentThread? {
        core.committed(target, viewer: viewer)
    }

    /// What `viewer`'s box shows now: their comment being sent while it is, and, once, the text and
    /// error of their last send without script that did not commit. `nil` for an unknown target.
    public func presentation(_ target: String, viewer: Viewer) -> Presentation? {
        guard let (thread, busy, flash) = core.viewTakingFlash(target, viewer: viewer) else { return nil }
        return Presentation(
            thread: thread, busy: busy, draft: flash?.text ?? "", error: flash?.message,
            invalid: flash?.invalid ?? false, key: Self.key(target: target, sent: thread.sentByViewer),
            focusesField: flash != nil)
    }

    /// The composer's idempotency key on `target` for a viewer who sent `sent` comments there: the same in
    /// every render until one more of theirs commits (so a kept page and a fresh one agree, and a retry
    /// of a failed send reuses it), then new. Keys are the viewer's own (a key sent by one viewer says
    /// nothing of another's), so two viewers may be given the same one.
    public static func key(target: String, sent: Int) -> String {
        var hash = FNV1a(target.utf8)
        hash.combine(word: UInt64(truncatingIfNeeded: sent))
        let digits = String(hash.value, radix: 16)
        return "k" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Leaves `flash` for `viewer`'s next render of `target` (a refused draft without script).
    public func leave(_ flash: CommentFlash, for key: OptimisticKey) {
        core.leave(flash, for: key)
    }

    /// Takes the message left for `key`, if it is still there.
    public func takeFlash(for key: OptimisticKey) -> CommentFlash? {
        core.takeFlash(for: key)
    }

    public var targets: Set<String> {
        core.read { Set($0.threads.keys) }
    }

    /// How many comments are kept, over every thread (base ones too).
    public var count: Int {
        core.read { $0.threads.values.reduce(0) { $0 + $1.count } }
    }

    /// The comments viewers sent, with their keys, per target (for tests and the state database).
    public var stored: [String: [StoredComment]] {
        core.read { $0.stored }
    }

    public func restore(_ stored: StoredState) {
        core.update { $0.restore(StoredComment.threads(in: stored)) }
    }

    /// The state endpoint's answer: `{"target": "p1", "count": 3, "pending": false, "comments": […]}`,
    /// `pending` for `viewer`.
    public func json(for target: String, viewer: Viewer) -> JSONValue? {
        guard let (thread, busy) = core.view(target, viewer: viewer) else { return nil }
        return .object([
            ("target", .string(target)),
            ("count", .int(thread.comments.count)),
            ("pending", .bool(busy)),
            ("comments", .array(thread.comments.map(\.json))),
        ])
    }
}
