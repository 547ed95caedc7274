import HTTPCore

/// Runs `body` against a real server on a free loopback port, then shuts the server down.
///
/// The server's timeouts are long (ten minutes), so that a test holding a connection across a stall of
/// its machine (a sanitizer run, a busy host) is not cut off; a test of a timeout sets its own.
///
/// ```swift
/// try await withLiveServer(responder: router.buildResponder()) { server in
///     let response = try await TestClient(server).get("/healthz")
/// }
/// ```
package func withLiveServer<Result>(
    responder: some HTTPResponder,
    configure: (inout ServerConfiguration) -> Void = { _ in },
    _ body: (HTTPServer) async throws -> Result
) async throws -> Result {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.threads = 2
    configuration.accessLog = false
    configuration.connectionTimeoutSeconds = 600
    configuration.requestTimeoutSeconds = 600
    configure(&configuration)
    let server = try HTTPServer(configuration: configuration, responder: responder)
    // Shut down off the cooperative pool: shutdown blocks while deferred handlers, which need that pool,
    // finish.
    do {
        let result = try await body(server)
        _ = try await offThePool { server.shutdown(gracePeriod: .seconds(5)) }
        return result
    } catch {
        _ = try? await offThePool { server.shutdown(gracePeriod: .seconds(5)) }
        throw error
    }
}
