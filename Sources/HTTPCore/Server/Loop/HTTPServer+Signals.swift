#if canImport(Glibc)
    import Glibc
#endif

extension HTTPServer {
    /// Blocks `SIGINT` and `SIGTERM` in the calling thread and in every thread it starts afterwards.
    ///
    /// - Important: Call first thing in `main`, before libmicrohttpd or the Swift runtime start threads.
    package static func blockTerminationSignals() {
        var signals = terminationSignals()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Waits until `SIGINT` or `SIGTERM` arrives and returns its number.
    package static func waitForTerminationSignal() -> Int32 {
        var signals = terminationSignals()
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        return received
    }

    private static func terminationSignals() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }
}
