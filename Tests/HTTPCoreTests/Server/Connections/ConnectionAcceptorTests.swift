import Foundation
import HTTPCore
import HTTPTesting
import Synchronization
import Testing

/// One listening socket served by one server after another, as the dev supervisor does: no client may
/// see a refused, reset or unanswered connection while the servers change.
@Suite struct ConnectionAcceptorTests {
    /// What the clients saw.
    final class Tally: Sendable {
        private let state = Mutex((answers: [String: Int](), failures: [String]()))
        private let running = Atomic<Bool>(true)

        var isRunning: Bool { running.load(ordering: .relaxed) }
        func stop() { running.store(false, ordering: .relaxed) }

        func answered(by server: String) { state.withLock { $0.answers[server, default: 0] += 1 } }
        func failed(_ reason: String) { state.withLock { $0.failures.append(reason) } }
        var answers: [String: Int] { state.withLock { $0.answers } }
        var failures: [String] { state.withLock { $0.failures } }
    }

    static func server(named name: String, on shared: ListeningSocket) throws -> HTTPServer {
        var router = Router()
        router.get("/who") { _ in .text(name) }
        var configuration = ServerConfiguration()
        configuration.threads = 2
        configuration.accessLog = false
        configuration.listenDescriptor = dup(shared.descriptor)
        return try HTTPServer(configuration: configuration, responder: router.buildResponder())
    }

    @Test func aSocketPassesFromServerToServerWithoutALostConnection() async throws {
        let shared = try ListeningSocket(host: "127.0.0.1", port: 0)
        defer { close(shared.descriptor) }
        let tally = Tally()
        let port = shared.port

        var current = try Self.server(named: "server-0", on: shared)
        #expect(current.port == port)
        // Keep-alive clients that reconnect when told `Connection: close`, and clients that open a new
        // connection for every request: both kinds must always get an answer. A keep-alive client whose
        // idle connection a stopping server closed (as any idle timeout may, see `HTTPServer.shutdown`)
        // sends the request again on a new one, as HTTP clients do for a request that got no answer at
        // all; a new connection gets no second chance.
        let clients = (0..<6).map { index in
            Task {
                try await offThePool {
                    var connection: RawConnection?
                    while tally.isRunning {
                        do {
                            let reused = connection != nil
                            var open = try connection ?? RawConnection(port: port, timeoutSeconds: 10)
                            let response: RawConnection.Response
                            do {
                                response = try open.request("/who")
                            } catch  where reused {
                                open.close()
                                open = try RawConnection(port: port, timeoutSeconds: 10)
                                response = try open.request("/who")
                            }
                            tally.answered(by: String(decoding: response.body, as: UTF8.self))
                            let keepAlive = index % 2 == 0 && response.headers["Connection"] != "close"
                            connection = keepAlive ? open : nil
                            if !keepAlive { open.close() }
                        } catch {
                            tally.failed("\(error)")
                            connection = nil
                        }
                    }
                }
            }
        }
        // Each server serves until it has answered some requests (on a loaded machine the clients may take
        // a while to get going), then hands the socket on.
        func serveUntilAnswered(_ name: String) async throws {
            #expect(await eventually { (tally.answers[name] ?? 0) >= 5 }, "\(name) answered nothing")
        }
        for generation in 1...4 {
            try await serveUntilAnswered("server-\(generation - 1)")
            let stopping = current
            _ = try await offThePool { stopping.shutdown(gracePeriod: .seconds(5)) }
            current = try Self.server(named: "server-\(generation)", on: shared)
        }
        try await serveUntilAnswered("server-4")
        tally.stop()
        for client in clients { try await client.value }
        let last = current
        _ = try await offThePool { last.shutdown(gracePeriod: .seconds(5)) }

        #expect(tally.failures.isEmpty, "\(tally.failures.prefix(5))")
        // Every server answered: the socket really passed from one to the next.
        #expect(Set(tally.answers.keys) == Set((0...4).map { "server-\($0)" }))
    }

    @Test func aStoppedServerLeavesNewConnectionsInTheBacklog() async throws {
        let shared = try ListeningSocket(host: "127.0.0.1", port: 0)
        defer { close(shared.descriptor) }
        let first = try Self.server(named: "first", on: shared)
        _ = try await offThePool { first.shutdown(gracePeriod: .seconds(1)) }
        // Nobody serves the socket now, but it still listens: the connection waits instead of being refused.
        let port = shared.port
        // Connected: the kernel completed it into the backlog.
        let connection = try RawConnection(port: port, timeoutSeconds: 10)
        let waiting = Task { try await offThePool { try connection.request("/who") } }
        let second = try Self.server(named: "second", on: shared)
        let response = try await waiting.value
        #expect(response.statusCode == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "second")
        _ = try await offThePool { second.shutdown(gracePeriod: .seconds(1)) }
    }

    /// libmicrohttpd 0.9.75 deadlocks a worker that finds itself full when a connection is handed over;
    /// the acceptor refuses beyond the limit itself, so the worker never is, and shutdown still ends.
    @Test func aFloodBeyondTheLimitIsRefusedAndShutdownStillEnds() async throws {
        var router = Router()
        router.get("/who") { _ in .text("ok") }
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.threads = 2
        configuration.maxConnections = 3
        configuration.accessLog = false
        let server = try HTTPServer(configuration: configuration, responder: router.buildResponder())
        let port = server.port
        for _ in 0..<5 {
            let flood = (0..<40).compactMap { _ in try? RawConnection(port: port, timeoutSeconds: 2) }
            // Full: the acceptor takes no more, and the rest wait in the backlog.
            #expect(await eventually { server.openConnections == 3 })
            #expect(server.openConnections <= 3)
            for connection in flood { connection.close() }
            #expect(await eventually { server.openConnections == 0 })
        }
        #expect(try await offThePool { try RawConnection(port: port).request("/who").statusCode } == 200)
        let stopped = Atomic<Bool>(false)
        let stopper = Thread {
            server.shutdown(gracePeriod: .seconds(2)); stopped.store(true, ordering: .relaxed)
        }
        stopper.start()
        #expect(await eventually { stopped.load(ordering: .relaxed) }, "shutdown did not end")
    }

    @Test func aDescriptorThatIsNotAListeningSocketIsRefused() throws {
        let descriptor = open("/dev/null", O_RDONLY)
        defer { close(descriptor) }
        #expect(throws: ServerError.self) { try ListeningSocket(inheriting: descriptor) }
    }
}
