import Dispatch

/// Runs `work`, which blocks (joins threads, waits for the disk), on a Dispatch thread rather than on the
/// cooperative pool, and returns its result: a service's clean-up after its task was cancelled.
///
/// ```swift
/// await Task.untilCancelled()
/// await blockingWork { server.shutdown(gracePeriod: .seconds(10)) }
/// ```
package func blockingWork<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { done in
        DispatchQueue.global().async {
            done.resume(returning: work())
        }
    }
}
