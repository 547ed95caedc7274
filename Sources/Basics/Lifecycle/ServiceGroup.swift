/// Services run together and stopped in order, as one structured `run()`: every service starts at once;
/// the first of a signal, a service that ends by itself, or a service that fails starts the shutdown,
/// which cancels the services one at a time in the reverse of their order, each awaited before the next
/// (a server finishes its requests before the state is written for the last time). `run()` returns only
/// once every service has returned.
///
/// ```swift
/// let group = ServiceGroup([persister, server])
/// let reason = try await group.run(until: TerminationSignals.stream()) { reason in log("stopping: \(reason)") }
/// ```
package struct ServiceGroup: Sendable {
    /// What started the shutdown.
    package enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// A signal arrived (its number).
        case signal(Int32)
        /// The service at this index returned by itself.
        case ended(service: Int)
        /// The service at this index threw (the error is rethrown once all have stopped).
        case failed(service: Int)
        /// The task running the group was cancelled.
        case cancelled

        package var description: String {
            switch self {
            case .signal(let number): "signal \(number)"
            case .ended(let index): "service \(index) ended"
            case .failed(let index): "service \(index) failed"
            case .cancelled: "cancelled"
            }
        }
    }

    private let services: [any Service]

    /// - Parameter services: Started together; stopped in the reverse of this order.
    package init(_ services: [any Service]) {
        self.services = services
    }

    private enum Event: Sendable {
        case signal(Int32)
        case returned(Int, (any Error)?)
    }

    /// Runs every service until a value of `signals`, the end or failure of one, or this task's
    /// cancellation; then stops the rest in reverse order (calling `stopping` first) and returns why.
    ///
    /// - Throws: The error of the service whose failure started the shutdown.
    @discardableResult
    package func run(
        until signals: AsyncStream<Int32>, stopping: @escaping @Sendable (Reason) -> Void = { _ in }
    ) async throws -> Reason {
        let (events, sink) = AsyncStream<Event>.makeStream()
        let running = services.enumerated().map { index, service in
            Task {
                do {
                    try await service.run()
                    sink.yield(.returned(index, nil))
                } catch {
                    sink.yield(.returned(index, error))
                }
            }
        }
        let listening = Task {
            for await signal in signals {
                sink.yield(.signal(signal))
                return
            }
        }
        var reason = Reason.cancelled
        var failure: (any Error)?
        for await event in events {
            switch event {
            case .signal(let number):
                reason = .signal(number)
            case .returned(let index, nil):
                reason = .ended(service: index)
            case .returned(let index, let error?):
                reason = .failed(service: index)
                failure = error
            }
            break
        }
        listening.cancel()
        stopping(reason)
        for task in running.reversed() {
            task.cancel()
            await task.value
        }
        sink.finish()
        if let failure {
            throw failure
        }
        return reason
    }
}
