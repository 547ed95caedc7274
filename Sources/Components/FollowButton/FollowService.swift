/// The network a follow goes through. The app uses `SimulatedService`; tests inject their own.
public protocol FollowService: Sendable {
    /// Sends a follow (or unfollow) and returns when it is saved.
    ///
    /// - Throws: `ServiceError` when it was not saved.
    /// - Important: Awaits; never blocks the calling thread.
    func send(_ request: FollowRequest) async throws(ServiceError)
}

/// One follow or unfollow to save.
public struct FollowRequest: Sendable, Equatable {
    /// The person to follow.
    public var uid: String
    public var viewer: Viewer
    public var following: Bool
    /// Forces the outcome (from `X-Simulate-Failure`), or `nil` to let the service decide.
    public var forcedOutcome: ForcedOutcome?

    public init(uid: String, viewer: Viewer, following: Bool, forcedOutcome: ForcedOutcome? = nil) {
        self.uid = uid
        self.viewer = viewer
        self.following = following
        self.forcedOutcome = forcedOutcome
    }
}
