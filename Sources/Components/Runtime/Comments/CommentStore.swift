import Basics
import HTTPCore

/// The state behind every self-managed comment box of one kind: the kit's generic store over the threads
/// (`CommentThreads`): what a viewer's box shows, the sends in flight, and the state endpoint's answer.
///
/// - Important: Thread-safe.
package typealias CommentStore = SelfManagedStore<CommentThreads>

extension SelfManagedStore where Model == CommentThreads {
    /// - Parameters:
    ///   - base: Each target's comments from the base data (the targets that exist). Their ids must be
    ///     unique; viewers' comments are numbered after them.
    ///   - capacity: The most comments a thread keeps; past it a send is refused (`409`), so that memory
    ///     stays bounded under a flood.
    package convenience init(
        base: [String: [Comment]], capacity: Int = CommentThreads.defaultCapacity,
        flashLimits: FlashLimits = FlashLimits()
    ) {
        self.init(CommentThreads(base: base, capacity: capacity), flashLimits: flashLimits)
    }

    /// The most comments a thread keeps, unless said otherwise.
    package static var defaultCapacity: Int { CommentThreads.defaultCapacity }

    package var capacity: Int { core.read { $0.capacity } }

    /// How many comments are kept, over every thread (base ones too).
    package var count: Int {
        core.read { $0.threads.values.reduce(0) { $0 + $1.count } }
    }

    /// The comments viewers sent, with their keys, per target (for tests and the state database).
    package var stored: [String: [StoredComment]] {
        core.read { $0.stored }
    }
}
