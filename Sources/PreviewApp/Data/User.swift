import Components

/// A person in the demo data.
public struct User: Sendable, Equatable {
    public var uid: String
    public var name: String
    public var imageURL: String?
    public var vip: VIPStatus
    public var bio: String
}
