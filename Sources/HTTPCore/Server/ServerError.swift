/// A server that could not start, with a one-line reason.
public struct ServerError: Error, Sendable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
