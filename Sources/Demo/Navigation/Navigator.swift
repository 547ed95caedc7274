import Components

/// Knows where things live in the app, so that components can navigate without hard-coding paths.
public protocol Navigator: Sendable {
    /// The path of a user's profile page, or `nil` when there is no such user.
    func profileDestination(for uid: String) -> String?
}
