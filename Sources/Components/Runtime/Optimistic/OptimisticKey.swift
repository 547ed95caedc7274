/// A viewer and a target (a post, a person): the unit a self-managed component's changes are serialised
/// on, its optimistic state kept under and its one-time messages left for.
package struct OptimisticKey: Hashable, Sendable {
    package var viewer: Viewer
    package var target: String

    package init(viewer: Viewer, target: String) {
        self.viewer = viewer
        self.target = target
    }
}
