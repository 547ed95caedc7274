import Dispatch

/// Runs `work` in a task and blocks the calling thread (a program's main thread, which is not one of the
/// cooperative pool's) until it is done: the bridge from a synchronous `main` to a `ServiceGroup`.
///
/// ```swift
/// waitForWork { try? await group.run(until: TerminationSignals.stream()) }
/// ```
package func waitForWork(_ work: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task {
        await work()
        done.signal()
    }
    done.wait()
}
