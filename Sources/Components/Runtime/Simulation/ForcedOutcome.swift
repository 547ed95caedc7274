/// An outcome a request asks for (`X-Simulate-Failure`), for tests and demos.
package enum ForcedOutcome: String, Sendable {
    /// `X-Simulate-Failure: always`.
    case fail = "always"
    /// `X-Simulate-Failure: never`.
    case succeed = "never"
}
