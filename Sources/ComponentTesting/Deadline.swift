import Synchronization

/// The value of `work`, or `nil` when it has not finished within `limit`.
///
/// A regression that leaves a turn or a tap waiting forever then fails its test instead of hanging the
/// whole run (a time limit cannot end a wait that ignores cancellation). Work that overruns is left
/// running in the background. The default limit is long: it only matters when something is wrong, and a
/// loaded machine (a sanitizer run, a busy CI host) can stall a test for many seconds.
public func withDeadline<Value: Sendable>(
    _ limit: Duration = .seconds(30),
    _ work: @escaping @Sendable () async throws -> Value
) async throws -> Value? {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value?, any Error>) in
        let first = FirstResult(continuation)
        let timer = Task {
            try? await Task.sleep(for: limit)
            first.resume(with: .success(nil))
        }
        Task {
            do {
                first.resume(with: .success(try await work()))
            } catch {
                first.resume(with: .failure(error))
            }
            timer.cancel()
        }
    }
}

/// Whether `work` finished within `limit`; see `withDeadline`.
public func completes(within limit: Duration = .seconds(30), _ work: @escaping @Sendable () async -> Void) async -> Bool
{
    (try? await withDeadline(limit, work)) != nil
}

/// Resumes a continuation with whichever result comes first.
private final class FirstResult<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value?, any Error>?>

    init(_ continuation: CheckedContinuation<Value?, any Error>) {
        self.continuation = Mutex(continuation)
    }

    func resume(with result: Result<Value?, any Error>) {
        let waiting = continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(with: result)
    }
}
