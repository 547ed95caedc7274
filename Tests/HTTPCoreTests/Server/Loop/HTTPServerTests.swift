import Foundation
import HTTPCore
import HTTPTesting
import Synchronization
import Testing

/// Live tests: a real server on a free loopback port.
@Suite struct HTTPServerTests {
    /// Holds handlers until `target` of them have arrived, or until the test opens it; waiting holds no
    /// thread (and nothing polls).
    final class Gate: Sendable {
        private struct State {
            var arrived = 0
            var isOpen = false
            var waiting: [CheckedContinuation<Void, Never>] = []
        }

        private let state = Mutex(State())
        let target: Int?

        init(target: Int? = nil) { self.target = target }

        var arrived: Int { state.withLock { $0.arrived } }

        func wait() async {
            await withCheckedContinuation { continuation in
                let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                    state.arrived += 1
                    state.waiting.append(continuation)
                    if let target, state.arrived >= target {
                        state.isOpen = true
                    }
                    guard state.isOpen else { return [] }
                    defer { state.waiting = [] }
                    return state.waiting
                }
                for waiter in released { waiter.resume() }
            }
        }

        func open() {
            let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.isOpen = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for waiter in released { waiter.resume() }
        }
    }

    /// Where each thread of this process whose name starts with `prefix` waits, from `/proc`: its name, the
    /// kernel function it sleeps in, and its system call (number and arguments), for failure messages.
    static func threadStates(named prefix: String) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.sorted().compactMap { task in
            func read(_ file: String) -> String {
                ((try? String(contentsOfFile: "/proc/self/task/\(task)/\(file)", encoding: .utf8)) ?? "?")
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let name = read("comm")
            guard name.hasPrefix(prefix) else { return nil }
            let syscall = read("syscall")
            var state = "\(name) in \(read("wchan")), syscall \(syscall)"
            // Waiting in epoll_wait (232): what its epoll set watches, sockets counted, anything else named.
            let words = syscall.split(separator: " ")
            if words.first == "232", words.count > 1, let epoll = Int(words[1].dropFirst(2), radix: 16) {
                let info = (try? String(contentsOfFile: "/proc/self/fdinfo/\(epoll)", encoding: .utf8)) ?? ""
                let watched = info.split(separator: "\n").compactMap { line -> Int? in
                    guard line.hasPrefix("tfd:") else { return nil }
                    return Int(line.dropFirst(4).split(separator: " ").first ?? "")
                }
                let kinds = watched.map { fd in
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) ?? "closed"
                }
                let others = zip(watched, kinds).filter { !$0.1.hasPrefix("socket:") }.map { "\($0.0) \($0.1)" }
                state += "; epoll \(epoll) watches \(kinds.count - others.count) sockets and \(others)"
            }
            return state
        }
    }

    /// `/gate` waits at `gate`, `/slow` at `slow` (open at once unless a test passes its own).
    static func makeResponder(gate: Gate = Gate(target: 0), slow: Gate = Gate(target: 0)) -> RouterResponder {
        var router = Router()
        router.get("/healthz") { _ in .text("ok\n") }
        router.get("/query") { request in .text(request.query["q"] ?? "-") }
        router.post("/echo") { request in
            let form = try request.formFields()
            return .text("\(request.body.count) \(form["a"]?.count ?? 0)")
        }
        router.post("/count") { request in .text("\(request.body.count)") }
        // A body made for this request alone (a copy, dropped by the handler as it returns), and one array
        // that every response to `/shared` is.
        router.get("/bytes") { request in
            let kept = Self.bodies[Int(request.query["n"] ?? "") ?? 0] ?? []
            return HTTPResponse(body: kept.withUnsafeBufferPointer { Array($0) })
        }
        router.get("/shared") { _ in HTTPResponse(body: Self.shared) }
        router.get(
            "/slow",
            async: { _ in
                await slow.wait()
                return .text("slow done")
            })
        router.get(
            "/where",
            async: { _ in
                let before = currentThreadName()
                // A handler's asynchronous work (it suspends and resumes): not a wait of the test's.
                try await Task.sleep(for: .milliseconds(20))
                return .text("\(before) \(currentThreadName())")
            })
        router.get(
            "/gate",
            async: { _ in
                await gate.wait()
                return .text("through \(gate.arrived)")
            })
        return router.buildResponder()
    }

    @Test func servesATestClient() async throws {
        try await withLiveServer(responder: Self.makeResponder()) { server in
            let response = try await TestClient(server).get("/healthz")
            #expect(response.status.code == 200)
            #expect(response.bodyText == "ok\n")
            #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
        }
    }

    @Test func keepAliveReusesTheConnection() async throws {
        try await withLiveServer(responder: Self.makeResponder()) { server in
            let connection = try RawConnection(port: server.port)
            for round in 0..<5 {
                let response = try connection.request("/query?q=\(round)")
                #expect(response.statusCode == 200)
                #expect(response.bodyText == "\(round)")
                #expect(response.headers["Connection"]?.lowercased() != "close")
            }
            let post = try connection.request(
                "POST", "/count", headers: ["Content-Type: application/x-www-form-urlencoded"], body: "a=1")
            #expect(post.bodyText == "3")
            #expect(try connection.request("/missing").statusCode == 404)
            #expect(try connection.request("/healthz").statusCode == 200)
        }
    }

    @Test func bodyLargerThanOneReadArrivesWhole() async throws {
        try await withLiveServer(responder: Self.makeResponder()) { server in
            let value = String(repeating: "x", count: 60_000)
            let response = try await TestClient(server).post("/echo", form: "a=\(value)")
            #expect(response.status.code == 200)
            #expect(response.bodyText == "60002 60000")
        }
    }

    @Test func bodyOverTheCapIs413() async throws {
        try await withLiveServer(responder: Self.makeResponder(), configure: { $0.maxBodyBytes = 1000 }) { server in
            let declared = try RawConnection(port: server.port)
            let response = try declared.request("POST", "/count", body: String(repeating: "a", count: 1001))
            #expect(response.statusCode == 413)
            #expect(response.bodyText.contains("1000 bytes"))

            let exact = try RawConnection(port: server.port)
            #expect(try exact.request("POST", "/count", body: String(repeating: "a", count: 1000)).bodyText == "1000")

            let chunked = try RawConnection(port: server.port)
            var text = "POST /count HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
            for _ in 0..<3 { text += "200\r\n" + String(repeating: "b", count: 512) + "\r\n" }
            text += "0\r\n\r\n"
            try chunked.write(text)
            #expect(try chunked.readResponse().statusCode == 413)
        }
    }

    @Test func malformedEncodingsAre400() async throws {
        try await withLiveServer(responder: Self.makeResponder()) { server in
            let connection = try RawConnection(port: server.port)
            let query = try connection.request("/query?q=%zz")
            #expect(query.statusCode == 400)
            #expect(query.bodyText.contains("percent-escape"))
            let form = try connection.request(
                "POST", "/echo", headers: ["Content-Type: application/x-www-form-urlencoded"], body: "a=%C3%28")
            #expect(form.statusCode == 400)
            #expect(form.bodyText.contains("UTF-8"))
            #expect(try connection.request("/query%GG").statusCode == 400)
        }
    }

    @Test func headSendsHeadersOnly() async throws {
        try await withLiveServer(responder: Self.makeResponder()) { server in
            let connection = try RawConnection(port: server.port)
            let head = try connection.request("HEAD", "/healthz")
            #expect(head.statusCode == 200)
            #expect(head.headers["Content-Length"] == "3")
            #expect(head.body.isEmpty)
            // The connection is still in sync: the next response is complete and correct.
            #expect(try connection.request("/healthz").bodyText == "ok\n")
        }
    }

    /// `count` bytes that differ with `seed` and along their length.
    static func pattern(count: Int, seed: UInt8) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { buffer[index] = UInt8(truncatingIfNeeded: index &* 7) &+ seed }
            initialized = count
        }
    }

    /// Below 4 KB a body is copied, from 4 KB on lent.
    static let sizes = [0, 1, 700, 4_095, 4_096, 65_537, 300_000]
    static let bodies = Dictionary(uniqueKeysWithValues: sizes.map { ($0, pattern(count: $0, seed: UInt8($0 & 0xFF))) })
    static let shared = pattern(count: 200_000, seed: 99)

    @Test func bodiesLentToTheServerArriveIntactAfterTheirHandlersReturn() async throws {
        try await withLiveServer(responder: Self.makeResponder()) { server in
            let client = TestClient(server, maxConnections: 8)
            let mismatches = try await withThrowingTaskGroup(of: String?.self) { group in
                for index in 0..<(Self.sizes.count * 3) {
                    let count = Self.sizes[index % Self.sizes.count]
                    group.addTask {
                        if index % 4 == 3 {
                            let body = try await client.get("/shared").body
                            return body == Self.shared ? nil : "shared, \(body.count) bytes"
                        }
                        let body = try await client.get("/bytes?n=\(count)").body
                        return body == Self.bodies[count] ? nil : "\(count) bytes asked, \(body.count) received"
                    }
                }
                return try await group.reduce(into: [String]()) { all, mismatch in
                    if let mismatch { all.append(mismatch) }
                }
            }
            #expect(mismatches.isEmpty)
        }
    }

    @Test func twoHundredConcurrentRequests() async throws {
        try await withLiveServer(responder: Self.makeResponder()) { server in
            let client = TestClient(server, maxConnections: 50)
            let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<200 {
                    group.addTask { try await client.get("/query?q=\(index)").bodyText }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(bodies == Set((0..<200).map(String.init)))
        }
    }

    @Test func asyncHandlersHoldFiveHundredRequestsWithoutThreads() async throws {
        let gate = Gate(target: 500)
        // The whole suite runs at once (under ThreadSanitizer too), so this test may wait long for a core:
        // no read deadline of the server's may cut a slow request off here.
        try await withLiveServer(
            responder: Self.makeResponder(gate: gate), configure: { $0.requestTimeoutSeconds = 300 }
        ) { server in
            // If fewer than 500 get there (a connection fails), the handlers that did must not wait forever:
            // the server's shutdown waits for them.
            defer { gate.open() }
            // Two server threads; 500 handlers must all be waiting at once for any to get through.
            let port = server.port
            let outcomes = try await offThePool { () -> [String] in
                let connections = try (0..<500).map { _ in try RawConnection(port: port, timeoutSeconds: 60) }
                for connection in connections {
                    try connection.write("GET /gate HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                }
                // Should a request never reach its handler, the others are let through after a minute, so
                // that the failure says which connections failed and how instead of one read timing out.
                let fallback = Thread {
                    for _ in 0..<600 where gate.arrived < 500 { usleep(100_000) }
                    gate.open()
                }
                fallback.start()
                return connections.enumerated().map { index, connection in
                    do {
                        let response = try connection.readResponse()
                        return "\(response.statusCode) \(response.bodyText)"
                    } catch {
                        return "connection \(index): \(error)"
                    }
                }
            }
            // Answers by kind ("200 through 499": 499, say), and the connections that got none.
            let answers = Dictionary(outcomes.map { ($0, 1) }, uniquingKeysWith: +).filter { !$0.key.hasPrefix("conn") }
            let unanswered = outcomes.filter { $0.hasPrefix("connection") }
            #expect(
                answers == ["200 through 500": 500],
                """
                \(gate.arrived) of 500 reached the handler; answers \(answers); pending \(server.pendingRequestCount), \
                open \(server.openConnections); unanswered \(unanswered.count): \(unanswered.prefix(5)); \
                the server's threads: \(Self.threadStates(named: "server-"))
                """)
        }
    }

    @Test func deferredHandlersStartOnTheServerThreadAndContinueOnlyOnTheHandlerThreads() async throws {
        try await withLiveServer(responder: Self.makeResponder()) { server in
            let client = TestClient(server, maxConnections: 50)
            let pairs = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<100 {
                    group.addTask { try await client.get("/where").bodyText.split(separator: " ").map(String.init) }
                }
                return try await group.reduce(into: [[String]]()) { $0.append($1) }
            }
            // Up to the first await, on the server thread that took the request (no hop when the work never
            // awaits); after it, on one of the two handler threads (withLiveServer's `threads`).
            let before = Set(pairs.map { $0.first ?? "" })
            #expect(before.isSubset(of: ["server-0", "server-1"]), "\(before)")
            let after = Set(pairs.map { $0.last ?? "" })
            #expect(after.isSubset(of: ["handler-0", "handler-1"]), "\(after)")
            #expect(pairs.count == 100)
        }
    }

    @Test func pendingRequestsBeyondTheBoundGet503() async throws {
        let slow = Gate()
        try await withLiveServer(responder: Self.makeResponder(slow: slow), configure: { $0.maxPendingRequests = 2 }) {
            server in
            let connections = try (0..<2).map { _ in try RawConnection(port: server.port) }
            for connection in connections {
                try connection.write("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            }
            #expect(await eventually { server.pendingRequestCount == 2 })
            // Connected only now: a connection opened with the others and left silent while a loaded machine
            // got there would be dropped by the request timeout first.
            let port = server.port
            let refused = try await offThePool { try RawConnection(port: port).request("/slow") }
            #expect(refused.statusCode == 503)
            #expect(refused.headers["Retry-After"] == "1")
            slow.open()
            let statuses = try await offThePool { try connections.map { try $0.readResponse().statusCode } }
            #expect(statuses == [200, 200])
        }
    }

    @Test func shutdownLetsInFlightRequestsFinish() async throws {
        let slow = Gate()
        let server = try HTTPServer(configuration: Self.testConfiguration(), responder: Self.makeResponder(slow: slow))
        let connection = try RawConnection(port: server.port)
        try connection.write("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(await eventually { server.pendingRequestCount == 1 })
        // A grace period of an hour: the stop below comes from the request's end, not from the period.
        let stopper = Thread { server.shutdown(gracePeriod: .seconds(3_600)) }
        stopper.start()
        #expect(await eventually { server.hasStoppedListening })
        // While the slow request finishes, new connections are no longer served.
        let port = server.port
        let late = try await offThePool { () -> Int? in
            try? RawConnection(port: port, timeoutSeconds: 2).request("/healthz").statusCode
        }
        #expect(late == nil)
        slow.open()
        let response = try await offThePool { try connection.readResponse() }
        #expect(response.statusCode == 200)
        #expect(response.bodyText == "slow done")
        #expect(response.headers["Connection"]?.lowercased() == "close")
        #expect(await eventually { stopper.isFinished }, "stopped once the slow request was done")
        #expect(throws: (any Error).self) { try RawConnection(port: server.port).request("/healthz") }
    }

    /// Deferred work that outlasts the grace period cannot hold the stop up: the server answers its request
    /// itself (`503`, `Retry-After`), stops, and drops the work's own answer when it comes.
    @Test func shutdownAnswersWorkThatOutlastsTheGracePeriod() async throws {
        let never = Gate()
        let server = try HTTPServer(configuration: Self.testConfiguration(), responder: Self.makeResponder(slow: never))
        let connections = try (0..<2).map { _ in try RawConnection(port: server.port) }
        for connection in connections {
            try connection.write("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        }
        #expect(await eventually { server.pendingRequestCount == 2 })
        let stopped = Atomic<Bool>(false)
        let inTime = Atomic<Bool>(true)
        Thread {
            inTime.store(server.shutdown(gracePeriod: .milliseconds(200)), ordering: .relaxed)
            stopped.store(true, ordering: .releasing)
        }.start()
        #expect(
            await eventually { stopped.load(ordering: .acquiring) },
            "the shutdown waited for work that does not end")
        let cut = !inTime.load(ordering: .relaxed)
        #expect(cut, "the stop says it cut work at the end of its grace period")
        let responses = try await offThePool { try connections.map { try $0.readResponse() } }
        for response in responses {
            #expect(response.statusCode == 503)
            #expect(response.headers["Retry-After"] == "1")
            #expect(response.bodyText.contains("stopped before this request's answer was ready"))
        }
        #expect(server.pendingRequestCount == 2, "the work itself is still running")
        never.open()
        #expect(await eventually { server.pendingRequestCount == 0 }, "its answers are dropped")
    }

    /// Several threads stopping one server at once: each returns once it is stopped, and the listening
    /// socket is closed once (a second close would close whatever descriptor took its number meanwhile).
    @Test func concurrentShutdownsAllReturnAndCloseTheSocketOnce() async throws {
        for _ in 0..<20 {
            let server = try HTTPServer(configuration: Self.testConfiguration(), responder: Self.makeResponder())
            let finished = Atomic<Int>(0)
            let stoppers = (0..<4).map { _ in
                Thread {
                    server.shutdown(gracePeriod: .seconds(1))
                    finished.add(1, ordering: .relaxed)
                }
            }
            for stopper in stoppers { stopper.start() }
            // Descriptors opened while the server stops take the freed numbers; none may be closed under us.
            let opened = try await offThePool { () -> [Int32] in
                var opened: [Int32] = []
                while finished.load(ordering: .relaxed) < 4 {
                    let descriptor = open("/dev/null", O_RDONLY)
                    if descriptor >= 0 { opened.append(descriptor) }
                    usleep(100)  // pacing the opens while the server stops: not a wait
                }
                return opened
            }
            let closedUnderUs = opened.filter { fcntl($0, F_GETFD) < 0 }
            #expect(closedUnderUs.isEmpty, "descriptors closed by the shutdown: \(closedUnderUs)")
            for descriptor in opened where !closedUnderUs.contains(descriptor) { close(descriptor) }
        }
    }

    @Test func busyPortIsAOneLineError() throws {
        let first = try HTTPServer(configuration: Self.testConfiguration(), responder: Self.makeResponder())
        defer { first.shutdown() }
        var configuration = Self.testConfiguration()
        configuration.port = first.port
        let error = #expect(throws: ServerError.self) {
            try HTTPServer(configuration: configuration, responder: Self.makeResponder())
        }
        #expect(error?.message == "cannot listen on 127.0.0.1:\(first.port): address already in use")
    }

    @Test func streamsAreSentAsWrittenAndClosedWhenTheClientGoes() async throws {
        let closed = Atomic<Int>(0)
        let stream = ResponseStream()
        stream.onClose { closed.add(1, ordering: .relaxed) }
        var router = Router()
        router.get("/stream") { _ in
            var response = HTTPResponse(headers: ["Content-Type": "text/event-stream"])
            response.stream = stream
            return response
        }
        try await withLiveServer(responder: router.buildResponder()) { server in
            let connection = try RawConnection(port: server.port)
            try connection.write("GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            stream.write(Array("data: one\n\n".utf8))
            let head = try await offThePool { try connection.read(until: "data: one\n\n") }
            #expect(head.contains("Transfer-Encoding: chunked"))
            #expect(head.contains("text/event-stream"))
            // Idle now: the connection is suspended; a later write wakes it.
            #expect(await eventually { stream.isWaitingForData })
            stream.write(Array("data: two\n\n".utf8))
            _ = try await offThePool { try connection.read(until: "data: two\n\n") }
            connection.close()
            // The server notices the client has gone when it next sends: a ping each time it is asked.
            #expect(
                await eventually {
                    stream.write(Array(": ping\n\n".utf8))
                    return closed.load(ordering: .relaxed) == 1
                })
            #expect(!stream.write(Array("late".utf8)))
        }
    }

    @Test func shutdownEndsOpenStreams() async throws {
        let stream = ResponseStream()
        var router = Router()
        router.get("/stream") { _ in
            var response = HTTPResponse(headers: ["Content-Type": "text/event-stream"])
            response.stream = stream
            return response
        }
        let server = try HTTPServer(configuration: Self.testConfiguration(), responder: router.buildResponder())
        let connection = try RawConnection(port: server.port)
        try connection.write("GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        stream.write(Array("data: hi\n\n".utf8))
        _ = try await offThePool { try connection.read(until: "data: hi\n\n") }
        // Ending the stream lets the stop end everything in flight, not wait for the grace period to cut it.
        let inTime = try await offThePool { server.shutdown(gracePeriod: .seconds(120)) }
        #expect(inTime)
        let tail = try await offThePool { try connection.read(until: "0\r\n\r\n") }
        #expect(tail.hasSuffix("0\r\n\r\n"))
        #expect(stream.isClosed)
    }

    @Test func connectionsBeyondTheLimitAreRefusedWhileOthersKeepWorking() async throws {
        try await withLiveServer(responder: Self.makeResponder(), configure: { $0.maxConnections = 3 }) { server in
            let held = try (0..<3).map { _ in try RawConnection(port: server.port, timeoutSeconds: 2) }
            for connection in held {
                #expect(try connection.request("/healthz").statusCode == 200)
            }
            let extra = try RawConnection(port: server.port, timeoutSeconds: 2)
            #expect(throws: (any Error).self) { try extra.request("/healthz") }
            for connection in held {
                #expect(try connection.request("/healthz").statusCode == 200)
            }
        }
    }

    @Test func aClientTricklingItsRequestIsDropped() async throws {
        try await withLiveServer(
            responder: Self.makeResponder(), configure: { $0.requestTimeoutSeconds = 1 }
        ) { server in
            let port = server.port
            let request =
                Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
                + Array(repeating: UInt8(ascii: "a"), count: 100)
            let (closed, sent) = try await offThePool { () -> (Bool, Int) in
                let connection = try RawConnection(port: port, timeoutSeconds: 1)
                var sent = 0
                // The client trickles: a byte every 150 ms, the whole request in about 21 s. The pause is
                // what the client does, not a wait of the test's.
                for byte in request {
                    // Each byte resets an inactivity timer, never the read deadline.
                    guard (try? connection.write([byte])) != nil else { break }
                    sent += 1
                    usleep(150_000)
                }
                return (connection.isClosedByPeer(), sent)
            }
            // Dropped after about a second: without the deadline the whole request would have gone out.
            #expect(closed)
            #expect(sent < request.count, "the server took all \(request.count) bytes")
            #expect(server.openConnections == 0)
        }
    }

    @Test func aClientLeavingDuringASlowRequestLeaksNothing() async throws {
        let slow = Gate()
        try await withLiveServer(responder: Self.makeResponder(slow: slow)) { server in
            for _ in 0..<5 {
                let connection = try RawConnection(port: server.port)
                try connection.write("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                connection.close()
            }
            #expect(await eventually { server.pendingRequestCount == 5 })
            slow.open()
            #expect(await eventually { server.pendingRequestCount == 0 && server.openConnections == 0 })
            #expect(try await TestClient(server).get("/healthz").status.code == 200)
        }
    }

    static func testConfiguration() -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.threads = 2
        configuration.accessLog = false
        return configuration
    }
}
