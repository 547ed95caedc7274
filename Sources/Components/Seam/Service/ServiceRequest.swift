import HTTPCore

/// One change to save, of any kind: `viewer` takes `action` of `component` on `target`, asking for
/// `change` (the component's own type: a toggle's wanted state, a comment's draft, a rating's stars).
///
/// ```swift
/// let stars = request.change(as: Int.self)          // what a test's service sees, typed
/// request.description                               // {"stars":4}: the same in the component's words
/// ```
public struct ServiceRequest: Sendable {
    /// The component's catalogue name, such as `like`.
    package var component: String
    /// The action's name, such as `tap`, `send` or `rate`.
    package var action: String
    /// What it changes: a post, a person.
    package var target: String
    package var viewer: Viewer
    /// The change as the component's model takes it.
    package var change: any Sendable
    /// Forces the outcome (from `X-Simulate-Failure`), or `nil` to let the service decide.
    package var forcedOutcome: ForcedOutcome?
    /// Describes `change` when asked (a service that never reads the description costs it nothing).
    private let describe: @Sendable (any Sendable) -> JSONValue

    package init(
        component: String, action: String, target: String, viewer: Viewer, change: any Sendable,
        description: JSONValue, forcedOutcome: ForcedOutcome? = nil
    ) {
        self.init(
            component: component, action: action, target: target, viewer: viewer, change: change,
            describedBy: { _ in description }, forcedOutcome: forcedOutcome)
    }

    /// A request whose change `describe` puts in the component's words when its description is read.
    init(
        component: String, action: String, target: String, viewer: Viewer, change: any Sendable,
        describedBy describe: @escaping @Sendable (any Sendable) -> JSONValue, forcedOutcome: ForcedOutcome?
    ) {
        self.component = component
        self.action = action
        self.target = target
        self.viewer = viewer
        self.change = change
        self.describe = describe
        self.forcedOutcome = forcedOutcome
    }

    /// The change in the component's own words, as JSON: `{"liked": true}`, `{"stars": 4}`.
    package var description: JSONValue {
        describe(change)
    }

    /// The change as `type`, or `nil` when it is of another type.
    package func change<Change>(as type: Change.Type) -> Change? {
        change as? Change
    }
}
