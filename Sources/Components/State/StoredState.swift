/// One component's committed state as the state database keeps it: per target, the viewers for whom a
/// toggle is on, and the comments viewers sent. A component reads what it keeps and ignores the rest.
public struct StoredState: Sendable, Equatable {
    public var members: [String: Set<Viewer>]
    /// Oldest first.
    public var comments: [String: [StoredComment]]

    public init(members: [String: Set<Viewer>] = [:], comments: [String: [StoredComment]] = [:]) {
        self.members = members
        self.comments = comments
    }

    public var isEmpty: Bool {
        members.isEmpty && comments.isEmpty
    }
}
