/// A change's call to its service: sent at once when the service can tell the outcome without waiting
/// (no latency to wait out), otherwise awaited while the connection is suspended.
///
/// ```swift
/// flow.handle(attempt, call: .send(ServiceRequest(…), through: service)) { attempt, outcome in … }
/// ```
package struct ServiceCall: Sendable {
    private enum Kind: Sendable {
        case send(ServiceRequest, any ComponentService)
        case awaited(@Sendable () async throws -> Void)
    }

    private let kind: Kind

    /// A change of any kind, through the service's `sendWithoutWaiting(_:)` when it answers at once.
    package static func send(_ request: ServiceRequest, through service: any ComponentService) -> ServiceCall {
        ServiceCall(kind: .send(request, service))
    }

    /// Work that is always awaited: it throws when the change was not saved.
    package static func awaited(_ send: @escaping @Sendable () async throws -> Void) -> ServiceCall {
        ServiceCall(kind: .awaited(send))
    }

    /// Sends now, when the service can tell the outcome without waiting: whether it was saved, or
    /// `nil` when it must be awaited (`send()`, which is then the one call made).
    func sendWithoutWaiting() -> Bool? {
        guard case .send(let request, let service) = kind else { return nil }
        return service.sendWithoutWaiting(request).map { (try? $0.get()) != nil }
    }

    /// Sends and returns when the change is saved.
    ///
    /// - Throws: when it was not saved.
    func send() async throws {
        switch kind {
        case .send(let request, let service): try await service.send(request)
        case .awaited(let send): try await send()
        }
    }
}
