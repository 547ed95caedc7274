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
    public var component: String
    /// The action's name, such as `tap`, `send` or `rate`.
    public var action: String
    /// What it changes: a post, a person.
    public var target: String
    public var viewer: Viewer
    /// The change as the component's model takes it.
    public var change: any Sendable
    /// The change in the component's own words, as JSON: `{"liked": true}`, `{"stars": 4}`.
    public var description: JSONValue
    /// Forces the outcome (from `X-Simulate-Failure`), or `nil` to let the service decide.
    public var forcedOutcome: ForcedOutcome?

    public init(
        component: String, action: String, target: String, viewer: Viewer, change: any Sendable,
        description: JSONValue, forcedOutcome: ForcedOutcome? = nil
    ) {
        self.component = component
        self.action = action
        self.target = target
        self.viewer = viewer
        self.change = change
        self.description = description
        self.forcedOutcome = forcedOutcome
    }

    /// The change as `type`, or `nil` when it is of another type.
    public func change<Change>(as type: Change.Type) -> Change? {
        change as? Change
    }
}
