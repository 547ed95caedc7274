@_spi(Runtime) import Basics

/// A viewer and a target (a post, a person): the unit a self-managed component's changes are serialised
/// on, its optimistic state kept under and its one-time messages left for.
///
/// Its hash is made once, with the key: a tap looks its key up half a dozen times (its turn taken and let
/// go, its optimistic state kept and dropped, its message left), and each would otherwise hash the
/// target's text again.
package struct OptimisticKey: Hashable, Sendable {
    package let viewer: Viewer
    package let target: String
    private let hashed: UInt64

    package init(viewer: Viewer, target: String) {
        self.viewer = viewer
        self.target = target
        var hash = FNV1a(target.utf8)
        hash.combine(word: viewer.bits)
        self.hashed = hash.value
    }

    package static func == (left: OptimisticKey, right: OptimisticKey) -> Bool {
        left.hashed == right.hashed && left.viewer == right.viewer && left.target == right.target
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(hashed)
    }
}
