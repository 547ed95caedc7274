/// Why a service call (a like, a comment, yours) was not saved.
public struct ServiceError: Error, Sendable, Equatable {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }
}
