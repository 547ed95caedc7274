import HTTPCore

/// Whether a change may start, as its model decides from the committed state.
public enum OptimisticAdmission<Shown: Sendable>: Sendable {
    /// There is no such target (a `404`).
    case unknown
    /// The change may not be made (a full thread's `409`): nothing is shown or sent.
    case refused(HTTPError)
    /// The change starts: `optimistic` is shown at once in place of `prior`. `sends` is `false` when
    /// there is nothing to send (the state the viewer already has; a key that already committed), and
    /// the change then ends as a success without calling the service.
    case proceeds(prior: Shown, optimistic: Shown, sends: Bool)
}
