import Basics

extension HTTPServer: Service {
    /// Serves (the server started when it was made) until the task is cancelled, then shuts down, letting
    /// the requests in flight finish within the configuration's `shutdownGracePeriod`.
    package func run() async {
        await Task.untilCancelled()
        let gracePeriod = configuration.shutdownGracePeriod
        _ = await blockingWork { self.shutdown(gracePeriod: gracePeriod) }
    }
}
