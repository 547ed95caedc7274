/// The network every self-managed change goes through (a like, a follow, a comment, yours). The app uses
/// `SimulatedService`; tests inject their own.
public protocol ToggleService: Sendable {
    /// Sends the change and returns when it is saved.
    ///
    /// - Throws: `ServiceError` when it was not saved.
    /// - Important: Awaits; never blocks the calling thread.
    func send(_ request: ToggleRequest) async throws(ServiceError)

    /// Sends a comment and returns when it is saved (by default, as a change to "on" of its thread).
    ///
    /// - Throws: `ServiceError` when it was not saved.
    func send(_ request: CommentRequest) async throws(ServiceError)

    /// Sends the change now when the service can tell its outcome without waiting (no latency to wait
    /// out): `.success` when it was saved, `.failure` when it was not. `nil` when it must be awaited:
    /// `send(_:)` is then called instead, so a change is sent once either way. By default `nil`.
    ///
    /// - Important: Returns at once; never waits or blocks the calling thread (a server thread).
    func sendWithoutWaiting(_ request: ToggleRequest) -> Result<Void, ServiceError>?

    /// A comment sent now when the service can tell its outcome without waiting; `nil` otherwise (by
    /// default, as a change to "on" of its thread).
    func sendWithoutWaiting(_ request: CommentRequest) -> Result<Void, ServiceError>?
}

extension ToggleService {
    /// A service answers every change through `send(_:)` unless it says otherwise.
    public func sendWithoutWaiting(_ request: ToggleRequest) -> Result<Void, ServiceError>? {
        nil
    }
}

/// One change of a toggle to save: `viewer` wants `target` of `component` to be `on`.
public struct ToggleRequest: Sendable, Equatable {
    /// The component's catalogue name, such as `like`.
    public var component: String
    /// What it toggles: a post, a person.
    public var target: String
    public var viewer: Viewer
    /// The state wanted after the tap.
    public var on: Bool
    /// Forces the outcome (from `X-Simulate-Failure`), or `nil` to let the service decide.
    public var forcedOutcome: ForcedOutcome?

    public init(component: String, target: String, viewer: Viewer, on: Bool, forcedOutcome: ForcedOutcome? = nil) {
        self.component = component
        self.target = target
        self.viewer = viewer
        self.on = on
        self.forcedOutcome = forcedOutcome
    }
}
