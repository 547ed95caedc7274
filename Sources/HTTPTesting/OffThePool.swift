import Foundation

/// Runs blocking work (raw socket reads, waiting for a process) on a thread of its own.
///
/// - Important: Blocking calls inside an `async` test occupy one of the cooperative pool's few threads
///   (two on a two-core machine); the server's deferred handlers need those threads to make progress,
///   so a test that blocks on them while waiting for such a handler can deadlock. Wrap it in this.
package func offThePool<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result_(catching: body).result)
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// `Swift.Result` under another name: the generic parameter above shadows it.
private struct Result_<Success: Sendable> {
    let result: Swift.Result<Success, any Error>
    init(catching body: () throws -> Success) {
        result = Swift.Result(catching: body)
    }
}
