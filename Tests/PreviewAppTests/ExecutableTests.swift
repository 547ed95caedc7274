import ComponentTesting
import Components
import Demo
import Foundation
import HTTPCore
import HTTPTesting
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `preview-server` binary as scripts use it: flags, exit codes, the listening line, signals.
@Suite(.serialized) struct ExecutableTests {
    let madeFolders = MadeFolders()

    /// A started server process with its output captured.
    ///
    /// Its standard error is read from the start, on a thread of its own, so that a server that writes more
    /// than a pipe holds (a sanitizer's report at exit) never blocks on it.
    final class ServerProcess: @unchecked Sendable {
        // @unchecked: `collected` is written once, by the reading thread, before `drained` is signalled,
        // and read only after waiting for that signal.
        let process = Process()
        let stdout = Pipe()
        private let stderr = Pipe()
        private let drained = DispatchSemaphore(value: 0)
        private var collected = Data()

        init(_ arguments: [String], environment: [String: String] = [:]) throws {
            process.executableURL = URL(fileURLWithPath: PackagePaths.serverBinary)
            process.arguments = arguments
            if !environment.isEmpty {
                process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, ours in ours }
            }
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            let reader = Thread { [self] in
                collected = stderr.fileHandleForReading.readDataToEndOfFile()
                drained.signal()
            }
            reader.name = "test-stderr"
            reader.start()
        }

        /// Waits for the first line on stdout.
        func firstLine() -> String {
            var line = Data()
            while true {
                let byte = stdout.fileHandleForReading.readData(ofLength: 1)
                if byte.isEmpty || byte == Data([0x0A]) { break }
                line.append(byte)
            }
            return String(decoding: line, as: UTF8.self)
        }

        func waitForExit() -> Int32 {
            process.waitUntilExit()
            return process.terminationStatus
        }

        /// Everything the process wrote to standard error; waits for it to close (the process to exit).
        var errorOutput: String {
            drained.wait()
            defer { drained.signal() }  // for the next reader
            return String(decoding: collected, as: UTF8.self)
        }
    }

    /// Runs the binary to its end, off the cooperative pool (waiting for a process blocks a thread).
    func run(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await offThePool {
            let server = try ServerProcess(arguments)
            let out = String(decoding: server.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let err = server.errorOutput
            return (server.waitForExit(), out, err)
        }
    }

    @Test func helpListsFlagsAndExitsZero() async throws {
        let result = try await run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--failure-rate"))
        #expect(result.stdout.contains("--port"))
    }

    @Test func versionPrintsAVersion() async throws {
        let result = try await run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("preview-server "))
    }

    @Test func unknownFlagPrintsUsageAndExitsTwo() async throws {
        let result = try await run(["--frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("preview-server: unknown option: --frobnicate"))
        #expect(result.stderr.contains("Usage: preview-server"))
        let malformed = try await run(["--port", "eighty"])
        #expect(malformed.status == 2)
    }

    @Test func servesOnAFreePortAndStopsOnSIGTERM() async throws {
        let server = try ServerProcess(["--port", "0", "--public", PackagePaths.publicFolder, "--latency-ms", "0"])
        let line = try await offThePool { server.firstLine() }
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        let port = try #require(Int(line.split(separator: ":").last ?? ""))
        let health = try await offThePool { try RawConnection(port: port).request("/healthz") }
        #expect(health.statusCode == 200)
        #expect(health.bodyText == "ok\n")
        kill(server.process.processIdentifier, SIGTERM)
        #expect(try await offThePool { server.waitForExit() } == 0)
        #expect(server.errorOutput.contains("GET /healthz 200 3B"))
    }

    @Test func busyPortIsOneLineAndExitOne() async throws {
        let first = try ServerProcess(["--port", "0", "--quiet"])
        let line = try await offThePool { first.firstLine() }
        let port = String(line.split(separator: ":").last ?? "")
        let second = try await run(["--port", port])
        #expect(second.status == 1)
        #expect(second.stderr == "preview-server: cannot listen on 127.0.0.1:\(port): address already in use\n")
        kill(first.process.processIdentifier, SIGINT)
        #expect(try await offThePool { first.waitForExit() } == 0)
    }

    @Test func shutdownWaitsForATapInFlight() async throws {
        let server = try ServerProcess(["--port", "0", "--quiet", "--latency-ms", "400", "--failure-rate", "0"])
        let line = try await offThePool { server.firstLine() }
        let port = try #require(Int(line.split(separator: ":").last ?? ""))
        let connection = try RawConnection(port: port)
        try connection.write(
            "POST /components/like/tap HTTP/1.1\r\nHost: \(connection.host)\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Cookie: viewer=vinflight\r\nContent-Length: 18\r\n\r\npost=p1&liked=true")
        // In flight (for 400 ms): the viewer's state says so.
        #expect(
            try await eventually {
                try await offThePool {
                    try RawConnection(port: port).request(
                        "/components/like/state/p1", headers: ["Cookie: viewer=vinflight"]
                    ).bodyText.contains(#""pending":true"#)
                }
            })
        kill(server.process.processIdentifier, SIGTERM)
        let response = try await offThePool { try connection.readResponse() }
        #expect(response.statusCode == 303)
        #expect(response.headers["Location"] == "/feed")
        #expect(try await offThePool { server.waitForExit() } == 0)
    }
}

extension ExecutableTests {
    @Test func renderPrintsTheFragment() async throws {
        let result = try await run(["render", "like", "post=p2", "liked=true", "count=1234567"])
        #expect(result.status == 0)
        let expected = try PreviewAppFragments.render(
            "like", [("post", "p2"), ("liked", "true"), ("count", "1234567")])
        #expect(result.stdout == expected)
        #expect(result.stdout.contains("1.2M"))
    }

    @Test func renderWithBadParametersExitsTwo() async throws {
        let bad = try await run(["render", "avatar", "vip=gold"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("Invalid parameter vip"))
        #expect(bad.stdout.isEmpty)
        #expect(try await run(["render", "carousel"]).status == 2)
        #expect(try await run(["render", "like", "oops"]).status == 2)
    }
}

/// `--state FILE` across restarts, crashes and damaged files.
extension ExecutableTests {
    /// A folder for a test's state files, removed with the suite instance that runs the test.
    func stateFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "state-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        madeFolders.note(folder)
        return folder
    }

    /// Folders made for one test, removed when its suite instance goes.
    final class MadeFolders: Sendable {
        private let paths = Mutex<[String]>([])

        func note(_ path: String) {
            paths.withLock { $0.append(path) }
        }

        deinit {
            for path in paths.withLock({ $0 }) {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }

    /// Starts a server with a state file and returns it with its port.
    func startWithState(_ path: String, extra: [String] = []) async throws -> (ServerProcess, Int) {
        let server = try ServerProcess(
            ["--port", "0", "--quiet", "--latency-ms", "0", "--failure-rate", "0", "--state", path] + extra)
        let line = try await offThePool { server.firstLine() }
        let port = try #require(Int(line.split(separator: ":").last ?? ""), "no listening line: \(server.errorOutput)")
        return (server, port)
    }

    /// Starts a thread that sends `count` like taps to the server on `port` over one connection, tap `index`
    /// as `viewer(index)` with the body `body(index)`, until they are sent or the connection drops.
    func startTapStorm(
        port: Int, count: Int, viewer: @escaping @Sendable (Int) -> String, body: @escaping @Sendable (Int) -> String
    ) {
        Thread {
            guard let connection = try? RawConnection(port: port, timeoutSeconds: 2) else { return }
            for index in 0..<count {
                let sent = try? connection.request(
                    "POST", "/components/like/tap",
                    headers: ["Cookie: viewer=\(viewer(index))", "Content-Type: application/x-www-form-urlencoded"],
                    body: body(index))
                if sent == nil { return }
            }
        }.start()
    }

    @Test func likesSurviveARestart() async throws {
        let path = try stateFolder() + "/likes.state"
        let (first, port) = try await startWithState(path)
        let like = try await offThePool {
            try RawConnection(port: port).request(
                "POST", "/components/like/tap",
                headers: ["Cookie: viewer=vkeep", "Content-Type: application/x-www-form-urlencoded"],
                body: "post=p4&liked=true")
        }
        #expect(like.statusCode == 303)
        kill(first.process.processIdentifier, SIGTERM)
        #expect(try await offThePool { first.waitForExit() } == 0)
        let (second, secondPort) = try await startWithState(path)
        let api = try await offThePool {
            try RawConnection(port: secondPort).request("/api/posts/p4", headers: ["Cookie: viewer=vkeep"])
        }
        #expect(api.bodyText == #"{"id":"p4","count":1,"liked":true,"pending":false}"#)
        kill(second.process.processIdentifier, SIGTERM)
        _ = try await offThePool { second.waitForExit() }
    }

    /// A database of the schema before the one table (likes, follows and comments with their keys, in a
    /// table per kind): a kill in the middle of its migration leaves it as it was, of its old schema; the
    /// next start migrates it with everything there, and a retry of a stored comment's key stores nothing.
    @Test func aSchemaTwoDatabaseSurvivesAKillDuringItsMigrationAndMigratesWithNothingLost() async throws {
        let path = try stateFolder() + "/old.sqlite3"
        _ = try sqlite3(path, LegacyStateDatabase.schemaTwo)
        let killed = try ServerProcess(
            ["--port", "0", "--quiet", "--state", path], environment: ["PREVIEW_TEST_KILL_IN_MIGRATION": "1"])
        _ = try await offThePool { killed.waitForExit() }
        #expect(killed.process.terminationReason == .uncaughtSignal && killed.process.terminationStatus == SIGKILL)
        #expect(try sqlite3(path, "PRAGMA user_version") == "2\n")
        #expect(
            try sqlite3(path, "SELECT (SELECT count(*) FROM toggle_members) || ' ' || (SELECT count(*) FROM comments)")
                == "4 3\n")
        #expect(try sqlite3(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'entries'") == "0\n")
        #expect(try sqlite3(path, "PRAGMA integrity_check") == "ok\n")

        let (server, port) = try await startWithState(path)
        #expect(try sqlite3(path, "PRAGMA user_version") == "3\n")
        let (a1, b2) = ("viewer=v00000000000000a1", "viewer=v00000000000000b2")
        func get(_ path: String, _ cookie: String) async throws -> String {
            try await offThePool { try RawConnection(port: port).request(path, headers: ["Cookie: " + cookie]) }
                .bodyText
        }
        let base = Fixtures.demo.likeCounts
        #expect(
            try await get("/api/posts/p1", a1)
                == #"{"id":"p1","count":\#(base["p1"]! + 2),"liked":true,"pending":false}"#)
        #expect(try await get("/api/posts/p2", b2).contains(#""liked":false"#))
        #expect(try await get("/components/follow/state/ada", b2).contains(#""on":true"#))
        func thread() async throws -> [String] {
            let json = try JSONValue(parsing: Array(try await get("/components/comment/state/p1", a1).utf8))
            guard case .array(let comments)? = json["/comments"] else { return [] }
            return comments.compactMap { if case .string(let text)? = $0["/text"] { text } else { nil } }
        }
        let texts = try await thread()
        #expect(texts.suffix(2) == [#"First <b>&</b> "quoted""#, "Second\non two lines"])
        // A retry of a stored key is answered as its first send was, and stores nothing.
        let retry = try await offThePool {
            try RawConnection(port: port).request(
                "POST", "/components/comment/send",
                headers: ["Cookie: " + a1, "Content-Type: application/x-www-form-urlencoded"],
                body: "post=p1&text=First&key=key-one-1")
        }
        #expect(retry.statusCode == 303)
        #expect(try await thread() == texts)
        kill(server.process.processIdentifier, SIGTERM)
        _ = try await offThePool { server.waitForExit() }
    }

    /// `kill -9` in the middle of a stream of likes: the file always loads, and the counts it gives
    /// keep the invariant.
    @Test func killNineAtAnyMomentLeavesAFileThatLoads() async throws {
        let path = try stateFolder() + "/likes.state"
        for round in 0..<4 {
            let (server, port) = try await startWithState(path)
            let pid = server.process.processIdentifier
            // Likes keep arriving from another thread while the process is killed at an arbitrary moment.
            startTapStorm(port: port, count: 10_000, viewer: { "vk\($0 % 7)" }) {
                "post=p\(1 + $0 % 12)&liked=\($0 % 3 != 0)"
            }
            // Not a wait for anything: the moment of the kill is what the rounds vary.
            try await Task.sleep(for: .milliseconds(20 + round * 37))
            kill(pid, SIGKILL)
            _ = try await offThePool { server.waitForExit() }
            let (check, checkPort) = try await startWithState(path)
            let health = try await offThePool { try RawConnection(port: checkPort).request("/healthz") }
            #expect(health.statusCode == 200, "round \(round): the state file must load after kill -9")
            kill(check.process.processIdentifier, SIGTERM)
            _ = try await offThePool { check.waitForExit() }
        }
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: (path as NSString).deletingLastPathComponent)
        #expect(leftovers.filter { !$0.hasPrefix("likes.state.tmp") } == ["likes.state"])
    }

    /// `kill -9` in a storm of taps, more than the write interval after a set of likes was answered: the
    /// database passes SQLite's integrity check, none of those likes is lost, and after the restart every
    /// count is its base plus its members.
    @Test func killNineInATapStormLosesAtMostTheLastSecond() async throws {
        let path = try stateFolder() + "/state.sqlite3"
        let (server, port) = try await startWithState(path)
        let held = (0..<40).map { (post: "p\(1 + $0 % 20)", viewer: "vheld\($0)") }
        for like in held {
            let answer = try await offThePool {
                try RawConnection(port: port).request(
                    "POST", "/components/like/tap",
                    headers: ["Cookie: viewer=\(like.viewer)", "Content-Type: application/x-www-form-urlencoded"],
                    body: "post=\(like.post)&liked=true")
            }
            #expect(answer.statusCode == 303)
        }
        startTapStorm(port: port, count: 100_000, viewer: { "vstorm\($0 % 50)" }) {
            "post=p\(1 + $0 % 20)&liked=\($0 % 3 != 0)"
        }
        // Every held like is in the database (written within the second after its answer), and the storm
        // goes on: the kill comes in the middle of it.
        let keys = held.map { "'\(Viewer(id: $0.viewer)!.id)'" }.joined(separator: ", ")
        #expect(
            try await eventually {
                try await offThePool {
                    try sqlite3(path, "SELECT count(*) FROM entries WHERE component = 'like' AND key IN (\(keys))")
                } == "\(held.count)\n"
            })
        kill(server.process.processIdentifier, SIGKILL)
        _ = try await offThePool { server.waitForExit() }
        #expect(try sqlite3(path, "PRAGMA integrity_check") == "ok\n")

        let (check, checkPort) = try await startWithState(path)
        for like in held {
            let api = try await offThePool {
                try RawConnection(port: checkPort).request(
                    "/api/posts/\(like.post)", headers: ["Cookie: viewer=\(like.viewer)"])
            }
            #expect(api.bodyText.contains(#""liked":true"#), "\(like.viewer)'s like of \(like.post) was lost")
        }
        for (post, base) in Fixtures.demo.likeCounts {
            let members = try sqlite3(
                path, "SELECT count(*) FROM entries WHERE component = 'like' AND target = '\(post)'")
            let api = try await offThePool { try RawConnection(port: checkPort).request("/api/posts/\(post)") }
            #expect(
                api.bodyText.contains(#""count":\#(base + (Int(members.dropLast()) ?? -1)),"#),
                "\(post): \(api.bodyText)")
        }
        kill(check.process.processIdentifier, SIGTERM)
        _ = try await offThePool { check.waitForExit() }
    }

    /// The `sqlite3` command line reads the database while the server writes it: WAL lets a reader in
    /// beside the writer, so every read answers, and what it reads only grows with the likes.
    @Test func theSQLiteCommandLineReadsTheDatabaseWhileTheServerWrites() async throws {
        let path = try stateFolder() + "/state.sqlite3"
        let (server, port) = try await startWithState(path)
        startTapStorm(port: port, count: 20_000, viewer: { "vread\($0)" }) { "post=p\(1 + $0 % 20)&liked=true" }
        var counts: [Int] = []
        for _ in 0..<12 {
            // Not a wait for anything: reads spread over the storm, which the server writes meanwhile.
            try await Task.sleep(for: .milliseconds(250))
            let answer = try await offThePool { try sqlite3(path, "SELECT count(*) FROM entries") }
            let count = try #require(Int(answer.dropLast()), "sqlite3 said: \(answer)")
            counts.append(count)
        }
        #expect(counts == counts.sorted(), "a read went back: \(counts)")
        #expect((counts.last ?? 0) > 0, "the server wrote nothing in 3 s: \(counts)")
        kill(server.process.processIdentifier, SIGTERM)
        #expect(try await offThePool { server.waitForExit() } == 0)
        #expect(try sqlite3(path, "PRAGMA integrity_check") == "ok\n")
    }

    @Test func aDamagedStateFileStopsTheServerAndIsNotOverwritten() async throws {
        let path = try stateFolder() + "/likes.state"
        for content in ["not ours at all\n", "self-managed-preview like-state 1\np1\tva\nend 1 deadbeef\n"] {
            try content.write(toFile: path, atomically: false, encoding: .utf8)
            let result = try await run(["--port", "0", "--state", path])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("preview-server: refusing to start: \(path)"))
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == content)
        }
    }
}
