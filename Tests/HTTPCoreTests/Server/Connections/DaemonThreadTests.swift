import Foundation
import HTTPCore
import HTTPTesting
import Synchronization
import Testing

/// The server's threads, each running one libmicrohttpd daemon: every request that arrives is answered
/// however many arrive at once, and connections are spread over every thread.
@Suite struct DaemonThreadTests {
    /// libmicrohttpd 0.9.75 takes at most 128 events from one `epoll_wait` and, when it gets exactly 128,
    /// waits again with its full timeout before handling any of them. Its own threads would leave 128
    /// requests that arrived while the server thread was busy waiting for the next event, or for the idle
    /// timeout, which then closes the oldest unanswered (seen as 128 or 256 of 500 lost in
    /// `HTTPServerTests.asyncHandlersHoldFiveHundredRequestsWithoutThreads`).
    @Test(arguments: [127, 128, 129])
    func requestsArrivingTogetherWhileTheServerThreadIsBusyAreAllAnswered(count: Int) async throws {
        let holding = Atomic<Bool>(false)
        let release = Atomic<Bool>(false)
        var router = Router()
        router.get("/hold") { _ in
            // Synchronous: holds the one server thread until the test lets go.
            holding.store(true, ordering: .releasing)
            while !release.load(ordering: .acquiring) { usleep(1_000) }
            return .text("held")
        }
        router.get("/healthz") { _ in .text("ok\n") }
        // Synchronous too: the server thread's id, to see from /proc where it waits.
        router.get("/thread-id") { _ in
            .text(
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))?
                    .split(separator: "/").last.map(String.init) ?? "?")
        }
        try await withLiveServer(responder: router.buildResponder(), configure: { $0.threads = 1 }) { server in
            let port = server.port
            let outcomes = try await offThePool { () -> [String] in
                let holder = try RawConnection(port: port, timeoutSeconds: 10)
                let thread = try holder.request("/thread-id").bodyText
                let others = try (0..<count).map { _ in try RawConnection(port: port, timeoutSeconds: 10) }
                for _ in 0..<1000 where server.openConnections < count + 1 { usleep(10_000) }
                // The server thread has taken every connection and waits for events again.
                for _ in 0..<1000 where !Self.waitsForEvents(thread: thread) { usleep(10_000) }
                try holder.write("GET /hold HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                while !holding.load(ordering: .acquiring) { usleep(1_000) }
                for connection in others {
                    try connection.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                }
                // Every request is in its socket before the server thread looks again: on loopback a write
                // returns once the kernel has delivered its bytes to the other end.
                release.store(true, ordering: .releasing)
                let held = try holder.readResponse().bodyText
                return [held]
                    + others.enumerated().map { index, connection in
                        do {
                            return "\(try connection.readResponse().statusCode)"
                        } catch {
                            return "connection \(index): \(error)"
                        }
                    }
            }
            let tally = Dictionary(outcomes.dropFirst().map { ($0, 1) }, uniquingKeysWith: +)
            #expect(outcomes.first == "held")
            #expect(tally == ["200": count], "\(tally.keys.filter { $0 != "200" }.sorted().prefix(3))")
        }
    }

    /// Whether the thread `id` of this process waits in `poll` or `epoll_wait` (from `/proc`).
    static func waitsForEvents(thread id: String) -> Bool {
        let syscall = (try? String(contentsOfFile: "/proc/self/task/\(id)/syscall", encoding: .utf8)) ?? ""
        return syscall.hasPrefix("7 ") || syscall.hasPrefix("232 ")
    }

    /// The thread sleeps only as long as libmicrohttpd's timeouts allow: a keep-alive connection left idle
    /// is closed after the idle timeout although nothing else happens.
    @Test func anIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout() async throws {
        var router = Router()
        router.get("/healthz") { _ in .text("ok\n") }
        try await withLiveServer(responder: router.buildResponder(), configure: { $0.connectionTimeoutSeconds = 1 }) {
            server in
            let port = server.port
            let (status, openAfterAnswer, closed) = try await offThePool { () -> (Int, Int, Bool) in
                let connection = try RawConnection(port: port, timeoutSeconds: 10)
                let status = try connection.request("/healthz").statusCode
                let open = server.openConnections
                return (status, open, connection.isClosedByPeer())  // waits for the close, or 10 s
            }
            #expect(status == 200)
            #expect(openAfterAnswer == 1)
            #expect(closed)
            #expect(await eventually { server.openConnections == 0 })
        }
    }

    @Test func connectionsAreDealtToEveryServerThread() async throws {
        var router = Router()
        router.get("/thread") { _ in .text(currentThreadName()) }
        try await withLiveServer(responder: router.buildResponder(), configure: { $0.threads = 3 }) { server in
            let port = server.port
            let names = try await offThePool { () -> [String] in
                try (0..<30).map { _ in try RawConnection(port: port).request("/thread").bodyText }
            }
            #expect(
                Dictionary(names.map { ($0, 1) }, uniquingKeysWith: +) == [
                    "server-0": 10, "server-1": 10, "server-2": 10,
                ])
        }
    }
}
