/// Why a service call (a like, a comment, yours) was not saved.
public struct ServiceError: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
