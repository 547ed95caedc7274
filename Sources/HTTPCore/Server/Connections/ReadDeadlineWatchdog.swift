import Dispatch
import Synchronization

/// Twice a second, shuts down the sockets of connections whose request has not arrived in time (see
/// `ConnectionState`); libmicrohttpd then sees the connection end and cleans it up on its own thread.
///
/// A Dispatch timer, not a task: the cooperative pool may be busy (or blocked by a caller), and a
/// deadline must hold whatever else the process is doing.
///
/// ```swift
/// let watchdog = ReadDeadlineWatchdog(connections: openConnections) { server.now }
/// watchdog.stop()   // when the server stops
/// ```
final class ReadDeadlineWatchdog: Sendable {
    private let timer: Mutex<Timer?>

    /// The timer, made `Sendable`: a Dispatch source may be cancelled from any thread.
    private struct Timer: @unchecked Sendable {
        let source: any DispatchSourceTimer
    }

    /// Starts watching `connections`, whose deadlines are in `now`'s nanoseconds.
    init(connections: OpenConnections, now: @escaping @Sendable () -> Int64) {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "HTTPServer.watchdog"))
        source.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500), leeway: .milliseconds(50))
        timer = Mutex(Timer(source: source))
        source.setEventHandler {
            connections.shutDownExpired(now: now())
        }
        source.resume()
    }

    /// Stops the timer (at once; a pass already running finishes).
    func stop() {
        timer.withLock { timer in
            timer?.source.cancel()
            timer = nil
        }
    }
}
