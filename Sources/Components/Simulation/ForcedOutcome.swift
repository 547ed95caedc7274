/// An outcome a request asks for (`X-Simulate-Failure`), for tests and demos.
public enum ForcedOutcome: String, Sendable {
    /// `X-Simulate-Failure: always`.
    case fail = "always"
    /// `X-Simulate-Failure: never`.
    case succeed = "never"
}
