/// The network a like goes through. The app uses `SimulatedLikeService`; tests inject their own.
public protocol LikeService: Sendable {
    /// Sends a like (or unlike) and returns when it is saved.
    ///
    /// - Throws: `LikeServiceError` when it was not saved.
    /// - Important: Awaits; never blocks the calling thread.
    func send(_ request: LikeRequest) async throws(LikeServiceError)
}

/// One like or unlike to save.
public struct LikeRequest: Sendable, Equatable {
    public var post: String
    public var viewer: String
    public var liked: Bool
    /// Forces the outcome (from `X-Simulate-Failure`), or `nil` to let the service decide.
    public var forcedOutcome: ForcedOutcome?

    public init(post: String, viewer: String, liked: Bool, forcedOutcome: ForcedOutcome? = nil) {
        self.post = post
        self.viewer = viewer
        self.liked = liked
        self.forcedOutcome = forcedOutcome
    }
}

/// An outcome a request asks for, for tests and demos.
public enum ForcedOutcome: String, Sendable {
    /// `X-Simulate-Failure: always`.
    case fail = "always"
    /// `X-Simulate-Failure: never`.
    case succeed = "never"
}

/// Why a like was not saved.
public struct LikeServiceError: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
