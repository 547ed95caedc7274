/// One comment to save: `viewer` sends `text` to `target`'s thread of `component`.
public struct CommentRequest: Sendable, Equatable {
    /// The component's catalogue name, such as `comment`.
    public var component: String
    /// The thread: a post.
    public var target: String
    public var viewer: Viewer
    public var text: String
    /// Forces the outcome (from `X-Simulate-Failure`), or `nil` to let the service decide.
    public var forcedOutcome: ForcedOutcome?

    public init(component: String, target: String, viewer: Viewer, text: String, forcedOutcome: ForcedOutcome? = nil) {
        self.component = component
        self.target = target
        self.viewer = viewer
        self.text = text
        self.forcedOutcome = forcedOutcome
    }
}

extension ToggleService {
    /// A service that knows only toggles sees a comment as a change to "on" of its thread, with the same
    /// forced outcome: so a test's scripted or flaky service drives comments as it drives taps.
    public func send(_ request: CommentRequest) async throws(ServiceError) {
        try await send(request.asToggle)
    }

    /// The same for a comment sent without waiting.
    public func sendWithoutWaiting(_ request: CommentRequest) -> Result<Void, ServiceError>? {
        sendWithoutWaiting(request.asToggle)
    }
}

extension CommentRequest {
    /// The comment as a change to "on" of its thread, with the same forced outcome.
    fileprivate var asToggle: ToggleRequest {
        ToggleRequest(component: component, target: target, viewer: viewer, on: true, forcedOutcome: forcedOutcome)
    }
}
