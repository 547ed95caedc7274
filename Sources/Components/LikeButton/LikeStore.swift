import Synchronization

/// The like state behind every self-managed like button: committed likes per post and viewer, taps in
/// flight (the optimistic overlay), and one-time messages for the next page a viewer sees.
///
/// Counts are derived, never adjusted: a post's committed count is its base count plus the number of
/// viewers whose committed state is liked, so that invariant holds at every moment. An optimistic
/// state lives beside the committed one and is dropped on failure, which restores exactly the prior
/// state without arithmetic.
///
/// - Important: Thread-safe. Every method is one critical section.
public final class LikeStore: Sendable {
    /// A viewer's like state for one post.
    public typealias State = TapEvent.LikeState

    /// A viewer and a post: the unit taps are serialised on.
    public struct Key: Hashable, Sendable {
        public var viewer: String
        public var post: String

        public init(viewer: String, post: String) {
            self.viewer = viewer
            self.post = post
        }
    }

    /// A message to show once on the next render of a viewer's button.
    public enum Flash: Sendable, Equatable {
        case failed(String)
        case committed
    }

    /// What a page shows a viewer for a post.
    public struct View: Sendable, Equatable {
        public var state: State
        public var busy: Bool
    }

    struct Post {
        var base: Int
        var likers: Set<String> = []
    }

    private struct Storage {
        var posts: [String: Post]
        var pending: [Key: State] = [:]
        var flashes: [Key: Flash] = [:]

        func committed(post: String, viewer: String) -> State? {
            guard let record = posts[post] else { return nil }
            return State(liked: record.likers.contains(viewer), count: record.base + record.likers.count)
        }
    }

    private let storage: Mutex<Storage>
    private let commitObservers = Mutex<[@Sendable () -> Void]>([])
    /// Serialises taps per viewer and post.
    public let turns = TurnQueue<Key>()

    /// - Parameters:
    ///   - baseCounts: Each post's likes from people other than the app's viewers.
    ///   - likers: The viewers who like each post (restored from a state file); unknown posts are ignored.
    public init(baseCounts: [String: Int], likers: [String: Set<String>] = [:]) {
        var posts = baseCounts.mapValues { Post(base: max(0, $0)) }
        for (post, viewers) in likers where posts[post] != nil {
            posts[post]!.likers = viewers
        }
        storage = Mutex(Storage(posts: posts))
    }

    /// Calls `observer` after every commit that changed the committed state.
    public func observeCommits(_ observer: @escaping @Sendable () -> Void) {
        commitObservers.withLock { $0.append(observer) }
    }

    public func contains(post: String) -> Bool {
        storage.withLock { $0.posts[post] != nil }
    }

    /// The committed state, or `nil` for an unknown post.
    public func committed(post: String, viewer: String) -> State? {
        storage.withLock { $0.committed(post: post, viewer: viewer) }
    }

    /// What the viewer sees: the optimistic state while a tap is in flight, the committed one otherwise.
    public func view(post: String, viewer: String) -> View? {
        storage.withLock { storage in
            guard let committed = storage.committed(post: post, viewer: viewer) else { return nil }
            if let pending = storage.pending[Key(viewer: viewer, post: post)] {
                return View(state: pending, busy: true)
            }
            return View(state: committed, busy: false)
        }
    }

    /// What the viewer sees now and, unless a tap is in flight, the message left for them (which is
    /// forgotten): one critical section for a page render.
    public func viewTakingFlash(post: String, viewer: String) -> (view: View, flash: Flash?)? {
        storage.withLock { storage in
            guard let committed = storage.committed(post: post, viewer: viewer) else { return nil }
            let key = Key(viewer: viewer, post: post)
            if let pending = storage.pending[key] {
                return (View(state: pending, busy: true), nil)
            }
            return (
                View(state: committed, busy: false),
                storage.flashes.isEmpty ? nil : storage.flashes.removeValue(forKey: key)
            )
        }
    }

    /// Starts a tap: records the optimistic state and returns it with the prior one.
    ///
    /// - Returns: `nil` for an unknown post.
    public func begin(_ key: Key, liked desired: Bool) -> (prior: State, optimistic: State)? {
        storage.withLock { storage in
            guard let prior = storage.committed(post: key.post, viewer: key.viewer) else { return nil }
            var optimistic = State(liked: desired, count: prior.count)
            if desired != prior.liked {
                optimistic.count += desired ? 1 : -1
            }
            storage.pending[key] = optimistic
            return (prior, optimistic)
        }
    }

    /// Ends a tap: commits `liked` when it succeeded, drops the optimistic state either way, and
    /// returns the committed state. A tap that began before a `reset()` commits nothing.
    public func finish(_ key: Key, liked: Bool, succeeded: Bool) -> State {
        let (state, changed) = storage.withLock { storage -> (State, Bool) in
            let wasPending = storage.pending.removeValue(forKey: key) != nil
            var changed = false
            if succeeded && wasPending {
                if liked {
                    changed = storage.posts[key.post]?.likers.insert(key.viewer).inserted ?? false
                } else {
                    changed = storage.posts[key.post]?.likers.remove(key.viewer) != nil
                }
            }
            return (storage.committed(post: key.post, viewer: key.viewer) ?? State(liked: false, count: 0), changed)
        }
        if changed {
            for observer in commitObservers.withLock({ $0 }) {
                observer()
            }
        }
        return state
    }

    /// Back to the start: no viewer likes anything (every count is its base count again), no tap is in
    /// flight (one that is still running commits nothing when it ends), no message waits. Tells the
    /// commit observers, so that a state file is rewritten to match.
    public func reset() {
        storage.withLock { storage in
            for post in storage.posts.keys { storage.posts[post]!.likers = [] }
            storage.pending = [:]
            storage.flashes = [:]
        }
        for observer in commitObservers.withLock({ $0 }) {
            observer()
        }
    }

    public func setFlash(_ flash: Flash, for key: Key) {
        storage.withLock { $0.flashes[key] = flash }
    }

    /// Returns and forgets the flash for `key`.
    public func takeFlash(for key: Key) -> Flash? {
        storage.withLock { $0.flashes.removeValue(forKey: key) }
    }

    /// Every post's committed count and likers, read in one critical section.
    public func snapshot() -> [String: (base: Int, count: Int, likers: Set<String>)] {
        storage.withLock { storage in
            storage.posts.mapValues { (base: $0.base, count: $0.base + $0.likers.count, likers: $0.likers) }
        }
    }
}
