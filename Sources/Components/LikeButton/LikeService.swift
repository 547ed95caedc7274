/// The network a like goes through. The app uses `SimulatedService`; tests inject their own.
public protocol LikeService: Sendable {
    /// Sends a like (or unlike) and returns when it is saved.
    ///
    /// - Throws: `ServiceError` when it was not saved.
    /// - Important: Awaits; never blocks the calling thread.
    func send(_ request: LikeRequest) async throws(ServiceError)
}

/// One like or unlike to save.
public struct LikeRequest: Sendable, Equatable {
    public var post: String
    public var viewer: Viewer
    public var liked: Bool
    /// Forces the outcome (from `X-Simulate-Failure`), or `nil` to let the service decide.
    public var forcedOutcome: ForcedOutcome?

    public init(post: String, viewer: Viewer, liked: Bool, forcedOutcome: ForcedOutcome? = nil) {
        self.post = post
        self.viewer = viewer
        self.liked = liked
        self.forcedOutcome = forcedOutcome
    }
}
