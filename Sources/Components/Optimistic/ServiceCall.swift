/// A change's call to its service: sent at once when the service can tell the outcome without waiting
/// (no latency to wait out), otherwise awaited while the connection is suspended.
///
/// ```swift
/// flow.handle(attempt, call: .toggle(ToggleRequest(…), through: service)) { attempt, outcome in … }
/// ```
public struct ServiceCall: Sendable {
    private enum Kind: Sendable {
        case toggle(ToggleRequest, any ToggleService)
        case comment(CommentRequest, any ToggleService)
        case awaited(@Sendable () async throws -> Void)
    }

    private let kind: Kind

    /// A toggle's change, through the service's `sendWithoutWaiting(_:)` when it answers at once.
    public static func toggle(_ request: ToggleRequest, through service: any ToggleService) -> ServiceCall {
        ServiceCall(kind: .toggle(request, service))
    }

    /// A comment, through the service's `sendWithoutWaiting(_:)` when it answers at once.
    public static func comment(_ request: CommentRequest, through service: any ToggleService) -> ServiceCall {
        ServiceCall(kind: .comment(request, service))
    }

    /// Work that is always awaited: it throws when the change was not saved.
    public static func awaited(_ send: @escaping @Sendable () async throws -> Void) -> ServiceCall {
        ServiceCall(kind: .awaited(send))
    }

    /// Sends now, when the service can tell the outcome without waiting: whether it was saved, or
    /// `nil` when it must be awaited (`send()`, which is then the one call made).
    func sendWithoutWaiting() -> Bool? {
        let answer: Result<Void, ServiceError>? =
            switch kind {
            case .toggle(let request, let service): service.sendWithoutWaiting(request)
            case .comment(let request, let service): service.sendWithoutWaiting(request)
            case .awaited: nil
            }
        return answer.map { (try? $0.get()) != nil }
    }

    /// Sends and returns when the change is saved.
    ///
    /// - Throws: when it was not saved.
    func send() async throws {
        switch kind {
        case .toggle(let request, let service): try await service.send(request)
        case .comment(let request, let service): try await service.send(request)
        case .awaited(let send): try await send()
        }
    }
}
