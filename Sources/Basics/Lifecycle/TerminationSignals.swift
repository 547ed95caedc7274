#if canImport(Glibc)
    import Glibc
#endif

/// `SIGINT` and `SIGTERM`, taken by one thread of their own rather than by whichever thread the kernel
/// picks: block them first thing (`block()`, before any other thread starts, so that every thread
/// inherits the mask), then read them as a stream (`stream()`).
///
/// ```swift
/// TerminationSignals.block()                                  // first thing in main
/// try await group.run(until: TerminationSignals.stream())
/// ```
package enum TerminationSignals {
    /// Blocks `SIGINT` and `SIGTERM` in the calling thread and in every thread it starts afterwards.
    ///
    /// - Important: Call first thing in `main`, before libmicrohttpd or the Swift runtime start threads.
    package static func block() {
        var signals = set()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// The signals as they arrive, taken by a thread that waits for them (`sigwait`). The thread lives as
    /// long as the process: it is one per server, which ends with it.
    package static func stream() -> AsyncStream<Int32> {
        let (signals, sink) = AsyncStream<Int32>.makeStream()
        _ = NamedThread.start(name: "signals") {
            while true {
                sink.yield(wait())
            }
        }
        return signals
    }

    /// Waits until `SIGINT` or `SIGTERM` arrives and returns its number.
    package static func wait() -> Int32 {
        var signals = set()
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        return received
    }

    private static func set() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }
}
