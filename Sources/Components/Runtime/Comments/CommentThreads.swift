@_spi(Runtime) import Basics
import HTTPCore

/// The committed state behind a comment box: each target's thread (the base data's comments, then the
/// viewers'), and the key that sent each viewer's comment, so that a repeated send stores no second one.
///
/// The kit's optimistic core drives it (`OptimisticStore`): a send shows the comment at once, commits
/// it or drops it. The comment box's model (`SelfManagedModel`).
package struct CommentThreads: Sendable {
    /// A viewer's idempotency key.
    struct SentKey: Hashable, Sendable {
        var viewer: Viewer
        var key: String
    }

    private let base: [String: [Comment]]
    private(set) var threads: [String: [Comment]]
    /// Which comment each key sent.
    private var keys: [SentKey: Int] = [:]
    private var nextID: Int
    /// The most comments a thread holds.
    let capacity: Int

    /// - Parameters:
    ///   - base: Each target's comments from the base data (the targets that exist), numbered here.
    ///   - capacity: The most comments a thread holds; a send to a full one is refused.
    package init(base: [String: [Comment]], capacity: Int = CommentThreads.defaultCapacity) {
        self.base = base
        self.threads = base
        self.capacity = max(0, capacity)
        self.nextID = (base.values.flatMap { $0 }.map(\.id).max() ?? 0) + 1
    }

    /// The most comments a thread keeps, unless said otherwise.
    package static let defaultCapacity = 200

    package func contains(_ target: String) -> Bool {
        threads[target] != nil
    }

    package var targets: Set<String> {
        Set(threads.keys)
    }

    package mutating func restore(_ stored: StoredState) {
        restore(StoredComment.threads(in: stored))
    }

    /// The comments a viewer sent (with their keys), per target, oldest first.
    var stored: [String: [StoredComment]] {
        let byID = Dictionary(keys.map { ($0.value, $0.key.key) }, uniquingKeysWith: { first, _ in first })
        return threads.compactMapValues { comments in
            let sent = comments.compactMap { comment in
                byID[comment.id].map { StoredComment(comment: comment, key: $0) }
            }
            return sent.isEmpty ? nil : sent
        }
    }

    /// Adds the stored comments after each target's base ones (unknown targets are ignored).
    mutating func restore(_ stored: [String: [StoredComment]]) {
        for (target, comments) in stored where base[target] != nil {
            var thread = base[target]!
            for sent in comments.sorted(by: { $0.comment.id < $1.comment.id }) {
                thread.append(sent.comment)
                keys[SentKey(viewer: sent.comment.author, key: sent.key)] = sent.comment.id
                nextID = max(nextID, sent.comment.id + 1)
            }
            threads[target] = thread
        }
    }

    /// Whether `viewer`'s `key` sent a comment already.
    func hasSent(_ key: String, by viewer: Viewer) -> Bool {
        keys[SentKey(viewer: viewer, key: key)] != nil
    }
}

extension CommentThreads: SelfManagedModel {

    package typealias Presentation = CommentDefinition.Presentation

    /// The thread shown, with the comment being sent, if any, as its newest (one more of the viewer's); one
    /// drawn before the server knew its time (at the epoch) is dated a minute after the newest before it.
    package static func committed(_ presentation: Presentation) -> CommentThread {
        var thread = presentation.thread
        if var sent = thread.sending {
            sent.id = (thread.comments.map(\.id).max() ?? 0) + 1
            if sent.at.millisecondsSince1970 == 0, let newest = thread.comments.last?.at {
                sent.at = Timestamp(millisecondsSince1970: newest.millisecondsSince1970 + 60_000)
            }
            thread.comments.append(sent)
            thread.sending = nil
            thread.sentByViewer += 1
        }
        return thread
    }

    /// What `viewer`'s box shows: their comment being sent while it is, and, once, the text and error of
    /// their last send without script that did not commit.
    package static func present(
        _ thread: CommentThread, busy: Bool, flash: CommentFlash?, target: String
    ) -> Presentation {
        Presentation(
            thread: thread, busy: busy, draft: flash?.text ?? "", error: flash?.message,
            invalid: flash?.invalid ?? false, key: key(target: target, sent: thread.sentByViewer),
            focusesField: flash != nil)
    }

    /// An answer to a browser that shows `prior`: the comments it holds (every one of `prior`'s, when
    /// they are still the thread's first) are left for it to put back; `nil` when it holds none, or when
    /// `presentation` leaves some out already.
    package static func answer(_ presentation: Presentation, toClientShowing prior: CommentThread) -> Presentation? {
        let held = prior.comments.count
        let comments = presentation.thread.comments
        guard presentation.keptByClient == 0, held > 0, held <= comments.count,
            comments[held - 1] == prior.comments[held - 1]
        else {
            return nil
        }
        var answer = presentation
        answer.keptByClient = held
        return answer
    }

    /// `{"target": "p1", "count": 3, "pending": false, "comments": […]}`.
    package static func json(_ thread: CommentThread, target: String, pending: Bool) -> JSONValue {
        .object([
            ("target", .string(target)),
            ("count", .int(thread.comments.count)),
            ("pending", .bool(pending)),
            ("comments", .array(thread.comments.map(\.json))),
        ])
    }

    /// The composer's idempotency key on `target` for a viewer who sent `sent` comments there: the same in
    /// every render until one more of theirs commits (so a kept page and a fresh one agree, and a retry
    /// of a failed send reuses it), then new. Keys are the viewer's own (a key sent by one viewer says
    /// nothing of another's), so two viewers may be given the same one.
    package static func key(target: String, sent: Int) -> String {
        var hash = FNV1a(target.utf8)
        hash.combine(word: UInt64(truncatingIfNeeded: sent))
        let digits = String(hash.value, radix: 16)
        return "k" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    package func shown(_ target: String, to viewer: Viewer) -> CommentThread? {
        guard let comments = threads[target] else { return nil }
        var sent = 0
        for comment in comments where comment.author == viewer {
            sent += 1
        }
        return CommentThread(comments: comments, sentByViewer: sent)
    }

    /// A key that sent a comment already proceeds without sending (it is answered as its first send
    /// was); a full thread refuses; anything else shows the comment at once.
    package func admit(
        _ draft: CommentDraft, to target: String, by viewer: Viewer
    ) -> OptimisticAdmission<CommentThread> {
        guard let prior = shown(target, to: viewer) else { return .unknown }
        if hasSent(draft.key, by: viewer) {
            return .proceeds(prior: prior, optimistic: prior, sends: false)
        }
        if prior.comments.count >= capacity {
            return .refused(
                HTTPError(
                    .conflict,
                    "This thread holds \(capacity) comments, the most it keeps, so no more can be added "
                        + "(POST /reset restores the demo's comments)."))
        }
        var optimistic = prior
        optimistic.sending = Comment(id: 0, author: viewer, text: draft.text, at: draft.at)
        return .proceeds(prior: prior, optimistic: optimistic, sends: true)
    }

    package mutating func commit(_ draft: CommentDraft, to target: String, by viewer: Viewer) -> Bool {
        guard threads[target] != nil, !hasSent(draft.key, by: viewer), threads[target]!.count < capacity else {
            return false
        }
        let comment = Comment(id: nextID, author: viewer, text: draft.text, at: draft.at)
        nextID += 1
        threads[target]!.append(comment)
        keys[SentKey(viewer: viewer, key: draft.key)] = comment.id
        return true
    }

    package func record(_ draft: CommentDraft, to target: String, by viewer: Viewer, in journal: inout StateChanges) {
        guard let id = keys[SentKey(viewer: viewer, key: draft.key)],
            let comment = threads[target]?.last(where: { $0.id == id })
        else { return }
        let entry = StoredComment(comment: comment, key: draft.key).entry
        journal.write(entry.value, target: target, key: entry.key)
    }

    package mutating func removeAll() {
        threads = base
        keys = [:]
        nextID = (base.values.flatMap { $0 }.map(\.id).max() ?? 0) + 1
    }
}
