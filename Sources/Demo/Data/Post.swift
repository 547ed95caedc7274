import Components

/// A post in the demo data. `baseLikes` are likes from people other than the app's viewers.
public struct Post: Sendable, Equatable {
    public var id: String
    public var author: String
    public var text: String
    public var baseLikes: Int

    public init(id: String, author: String, text: String, baseLikes: Int) {
        self.id = id
        self.author = author
        self.text = text
        self.baseLikes = baseLikes
    }
}
