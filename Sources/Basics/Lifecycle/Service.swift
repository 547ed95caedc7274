/// Something that runs for as long as the program does, under a `ServiceGroup`: a server, the writer of
/// the state database, the link to a supervisor. `run()` returns when the service has ended: by itself
/// (which ends the group), or once its task is cancelled (the group's shutdown) and it has cleaned up.
///
/// ```swift
/// struct Writer: Service {
///     func run() async throws {
///         await Task.untilCancelled()   // until the group shuts down
///         flush()                       // then what a stop needs
///     }
/// }
/// ```
package protocol Service: Sendable {
    /// Runs the service until it ends or its task is cancelled; then it cleans up and returns.
    func run() async throws
}

extension Task where Success == Never, Failure == Never {
    /// Returns when the current task is cancelled (at once when it is already).
    package static func untilCancelled() async {
        let (cancelled, signal) = AsyncStream<Never>.makeStream()
        await withTaskCancellationHandler {
            for await _ in cancelled {}
        } onCancel: {
            signal.finish()
        }
    }
}
