/// A viewer and a target (a post, a person): the unit a self-managed component's changes are serialised
/// on, its optimistic state kept under and its one-time messages left for.
public struct OptimisticKey: Hashable, Sendable {
    public var viewer: Viewer
    public var target: String

    public init(viewer: Viewer, target: String) {
        self.viewer = viewer
        self.target = target
    }
}
