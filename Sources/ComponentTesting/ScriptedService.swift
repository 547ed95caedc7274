import Basics
import Components
import Synchronization

/// A service whose calls a test scripts by their arrival index: which fail, and which are held
/// until the test releases them. A request's forced outcome wins over the script, as in the app.
///
/// ```swift
/// let service = ScriptedService(failing: [1], holding: [0])
/// let app = try Application(options: options, service: service) { context in [Star.module(context)] }
/// // … tap twice; the first waits until service.release(0), the second fails.
/// ```
public final class ScriptedService: ComponentService {
    private struct State {
        var requests: [ServiceRequest] = []
        var released: Set<Int> = []
        var held: [Int: CheckedContinuation<Void, Never>] = [:]
        var callWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let failing: Set<Int>
    private let holding: Set<Int>
    private let state = Mutex(State())

    /// - Parameters:
    ///   - failing: The indexes (from 0, in arrival order) of the calls that fail.
    ///   - holding: The indexes of the calls that wait for `release(_:)` before answering.
    public init(failing: Set<Int> = [], holding: Set<Int> = []) {
        self.failing = failing
        self.holding = holding
    }

    /// Every request received, in arrival order.
    public var requests: [ServiceRequest] {
        state.withLock { $0.requests }
    }

    public var callCount: Int {
        state.withLock { $0.requests.count }
    }

    public func send(_ request: ServiceRequest) async throws(ServiceError) {
        try await receive(request)
    }

    private func receive(_ request: ServiceRequest) async throws(ServiceError) {
        let (index, arrived) = state.withLock { state in
            state.requests.append(request)
            let count = state.requests.count
            var arrived: [CheckedContinuation<Void, Never>] = []
            state.callWaiters.removeAll { waiter in
                guard waiter.count <= count else { return false }
                arrived.append(waiter.continuation)
                return true
            }
            return (count - 1, arrived)
        }
        for waiter in arrived {
            waiter.resume()
        }
        if holding.contains(index) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let releasedAlready = state.withLock { state in
                    if state.released.contains(index) {
                        return true
                    }
                    state.held[index] = continuation
                    return false
                }
                if releasedAlready {
                    continuation.resume()
                }
            }
        }
        let fails =
            switch request.forcedOutcome {
            case .fail: true
            case .succeed: false
            case nil: failing.contains(index)
            }
        if fails {
            throw ServiceError("scripted failure of call \(index)")
        }
    }

    /// Returns once at least `count` calls have arrived.
    public func waitForCalls(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let arrived = state.withLock { state in
                if state.requests.count >= count {
                    return true
                }
                state.callWaiters.append((count, continuation))
                return false
            }
            if arrived {
                continuation.resume()
            }
        }
    }

    /// Lets the held call `index` answer, now or as soon as it arrives.
    public func release(_ index: Int) {
        let continuation = state.withLock { state in
            state.released.insert(index)
            return state.held.removeValue(forKey: index)
        }
        continuation?.resume()
    }
}
