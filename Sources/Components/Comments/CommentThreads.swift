import HTTPCore

/// The committed state behind a comment box: each target's thread (the base data's comments, then the
/// viewers'), and the key that sent each viewer's comment, so that a repeated send stores no second one.
///
/// The kit's optimistic core drives it (`OptimisticStore`): a send shows the comment at once, commits
/// it or drops it.
struct CommentThreads: Sendable {
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
    init(base: [String: [Comment]], capacity: Int) {
        self.base = base
        self.threads = base
        self.capacity = max(0, capacity)
        self.nextID = (base.values.flatMap { $0 }.map(\.id).max() ?? 0) + 1
    }

    func contains(_ target: String) -> Bool {
        threads[target] != nil
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

extension CommentThreads: OptimisticModel {
    typealias Change = CommentDraft
    typealias Shown = CommentThread
    typealias Flash = CommentFlash

    func shown(_ target: String, to viewer: Viewer) -> CommentThread? {
        guard let comments = threads[target] else { return nil }
        var sent = 0
        for comment in comments where comment.author == viewer {
            sent += 1
        }
        return CommentThread(comments: comments, sentByViewer: sent)
    }

    /// A key that sent a comment already proceeds without sending (it is answered as its first send
    /// was); a full thread refuses; anything else shows the comment at once.
    func admit(_ draft: CommentDraft, to target: String, by viewer: Viewer) -> OptimisticAdmission<CommentThread> {
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

    mutating func commit(_ draft: CommentDraft, to target: String, by viewer: Viewer) -> Bool {
        guard threads[target] != nil, !hasSent(draft.key, by: viewer), threads[target]!.count < capacity else {
            return false
        }
        let comment = Comment(id: nextID, author: viewer, text: draft.text, at: draft.at)
        nextID += 1
        threads[target]!.append(comment)
        keys[SentKey(viewer: viewer, key: draft.key)] = comment.id
        return true
    }

    func record(_ draft: CommentDraft, to target: String, by viewer: Viewer, in journal: inout StateChanges) {
        guard let id = keys[SentKey(viewer: viewer, key: draft.key)],
            let comment = threads[target]?.last(where: { $0.id == id })
        else { return }
        let entry = StoredComment(comment: comment, key: draft.key).entry
        journal.write(entry.value, target: target, key: entry.key)
    }

    mutating func removeAll() {
        threads = base
        keys = [:]
        nextID = (base.values.flatMap { $0 }.map(\.id).max() ?? 0) + 1
    }
}
