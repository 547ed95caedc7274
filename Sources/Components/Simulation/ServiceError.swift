/// Why a simulated service call (a like, a follow) was not saved.
public struct ServiceError: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
