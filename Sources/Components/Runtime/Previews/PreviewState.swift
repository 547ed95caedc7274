import Synchronization

/// A state a variant is shown in: as declared, or as a tap on it leads (`?state=` on a fragment or frame
/// page, each a picture of `preview snapshots`). Every state is a server render: the one a tap shows at
/// once, and the answers after a commit and after a rollback, from the variant's own state.
package enum PreviewState: String, Sendable, CaseIterable {
    /// The variant as declared.
    case shown
    /// What the first form of its root shows at once, while the change is in flight.
    case optimistic
    /// The answer after the change committed.
    case committed
    /// The answer after the service failed: the state before the tap, with the failure's message.
    case rolledBack = "rolled-back"
}

/// The state the roots rendered on this task are drawn in, with a count of the roots that could be: a
/// gallery request sets it around a variant's render (`SelfManagedDefinition.selfManaged` reads it), and
/// answers `404` when no root could be drawn in it.
package final class PreviewStateRendering: Sendable {
    package let state: PreviewState
    private let drawn = Atomic<Int>(0)

    package init(_ state: PreviewState) {
        self.state = state
    }

    /// The rendering in force on this task: `nil` outside a gallery's render in a state.
    @TaskLocal package static var current: PreviewStateRendering?

    /// How many roots were drawn in the state.
    package var roots: Int { drawn.load(ordering: .relaxed) }

    package func noteDrawn() {
        drawn.add(1, ordering: .relaxed)
    }

    /// Renders `body` with roots drawn in `state`; `nil` when `state` is not `.shown` and no root of
    /// the render could be drawn in it (a root whose tap shows nothing before its answer, or none at all).
    package static func render<Result>(in state: PreviewState, _ body: () -> Result) -> Result? {
        guard state != .shown else { return body() }
        let rendering = PreviewStateRendering(state)
        let result = $current.withValue(rendering) { body() }
        return rendering.roots > 0 ? result : nil
    }
}
