import Basics
import Components
import HTTPCore
import Synchronization

/// One call a test service received, like or follow alike.
struct ServiceCall: Sendable, Equatable {
    /// The post or user.
    var target: String
    var viewer: Viewer
    /// Liked or following, wanted after the tap.
    var on: Bool
    var forcedOutcome: ForcedOutcome?
}

/// A like and follow service whose calls the test scripts by their arrival index: which fail, and which
/// are held until the test releases them. A request's forced outcome wins over the script, as in the app.
final class ScriptedService: LikeService, FollowService {
    private struct State {
        var requests: [ServiceCall] = []
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
    init(failing: Set<Int> = [], holding: Set<Int> = []) {
        self.failing = failing
        self.holding = holding
    }

    /// Every request received, in arrival order.
    var requests: [ServiceCall] {
        state.withLock { $0.requests }
    }

    var callCount: Int {
        state.withLock { $0.requests.count }
    }

    func send(_ request: LikeRequest) async throws(ServiceError) {
        try await receive(
            ServiceCall(
                target: request.post, viewer: request.viewer, on: request.liked, forcedOutcome: request.forcedOutcome))
    }

    func send(_ request: FollowRequest) async throws(ServiceError) {
        try await receive(
            ServiceCall(
                target: request.uid, viewer: request.viewer, on: request.following,
                forcedOutcome: request.forcedOutcome))
    }

    private func receive(_ request: ServiceCall) async throws(ServiceError) {
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
    func waitForCalls(_ count: Int) async {
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
    func release(_ index: Int) {
        let continuation = state.withLock { state in
            state.released.insert(index)
            return state.held.removeValue(forKey: index)
        }
        continuation?.resume()
    }
}

/// A like and follow service that fails at random, drawn from a seeded generator, after a short random
/// delay.
final class FlakyService: LikeService, FollowService {
    private struct State {
        var generator: SplitMix64
        var calls = 0
        var failures = 0
    }

    private let failureRate: Double
    private let maxDelayMicroseconds: Int
    private let state: Mutex<State>

    init(seed: UInt64, failureRate: Double, maxDelayMicroseconds: Int) {
        self.failureRate = failureRate
        self.maxDelayMicroseconds = maxDelayMicroseconds
        self.state = Mutex(State(generator: SplitMix64(seed: seed)))
    }

    var calls: Int { state.withLock { $0.calls } }
    var failures: Int { state.withLock { $0.failures } }

    func send(_ request: LikeRequest) async throws(ServiceError) {
        try await call()
    }

    func send(_ request: FollowRequest) async throws(ServiceError) {
        try await call()
    }

    private func call() async throws(ServiceError) {
        let (fails, delay) = state.withLock { state in
            let fails = Double.random(in: 0..<1, using: &state.generator) < failureRate
            let delay = Int.random(in: 0...maxDelayMicroseconds, using: &state.generator)
            state.calls += 1
            state.failures += fails ? 1 : 0
            return (fails, delay)
        }
        if delay > 0 {
            try? await Task.sleep(for: .microseconds(delay))
        }
        if fails {
            throw ServiceError("flaky failure")
        }
    }
}
