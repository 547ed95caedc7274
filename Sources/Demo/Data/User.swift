import Components

/// A person in the demo data. `baseFollowers` are followers other than the app's viewers.
public struct User: Sendable, Equatable {
    public var uid: String
    public var name: String
    public var imageURL: String?
    public var vip: VIPStatus
    public var bio: String
    public var baseFollowers: Int = 0
}
