/// The network every self-managed change goes through, whatever its kind (a like, a comment, a rating,
/// yours). The app uses `SimulatedService`; tests inject their own.
///
/// ```swift
/// struct SavesEverything: ComponentService {
///     func send(_ request: ServiceRequest) async throws(ServiceError) {}
/// }
/// ```
public protocol ComponentService: Sendable {
    /// Sends the change and returns when it is saved.
    ///
    /// - Throws: `ServiceError` when it was not saved.
    /// - Important: Awaits; never blocks the calling thread.
    func send(_ request: ServiceRequest) async throws(ServiceError)

    /// Sends the change now when the service can tell its outcome without waiting (no latency to wait
    /// out): `.success` when it was saved, `.failure` when it was not. `nil` when it must be awaited:
    /// `send(_:)` is then called instead, so a change is sent once either way. By default `nil`.
    ///
    /// - Important: Returns at once; never waits or blocks the calling thread (a server thread).
    func sendWithoutWaiting(_ request: ServiceRequest) -> Result<Void, ServiceError>?
}

extension ComponentService {
    /// A service answers every change through `send(_:)` unless it says otherwise.
    public func sendWithoutWaiting(_ request: ServiceRequest) -> Result<Void, ServiceError>? {
        nil
    }
}
