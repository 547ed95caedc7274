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
    /// Returns when the current task is cancelled (at once when it is already), or when what `ending`
    /// starts calls the function it is given (a service that may also end by itself).
    ///
    /// ```swift
    /// await Task.untilCancelled { end in session.start(ended: end) }
    /// ```
    package static func untilCancelled(orEnded ending: (@escaping @Sendable () -> Void) -> Void = { _ in }) async {
        let (ended, end) = AsyncStream<Never>.makeStream()
        ending { end.finish() }
        await withTaskCancellationHandler {
            for await _ in ended {}
        } onCancel: {
            end.finish()
        }
    }
}
