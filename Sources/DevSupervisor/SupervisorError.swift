/// Something the supervisor could not do, with a one-line reason.
package struct SupervisorError: Error, Sendable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
