import Foundation
import HTTPTesting
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `preview-dev` as a process over a throwaway package, with a build command that copies the real server
/// binary into place (or fails with canned compiler output).
@Suite(.serialized) struct SupervisorTests {
    /// Starts a supervisor, waits for its first server, runs `body`, stops it.
    func withSupervisor(
        _ fixture: DevFixture, _ serverArguments: [String] = [],
        _ body: (SupervisorProcess, String) async throws -> Void
    ) async throws {
        let supervisor = try fixture.startSupervisor(serverArguments)
        defer { supervisor.stop() }
        try await offThePool { try supervisor.waitUntilListening() }
        let first = try await offThePool { try supervisor.waitForBuild(otherThan: nil) }
        try await body(supervisor, first)
    }

    @Test func burstsOfChangesMakeOneBuildAndBuildsNeverOverlap() async throws {
        let fixture = try DevFixture()
        try await withSupervisor(fixture) { supervisor, first in
            #expect(fixture.buildCount == 1)
            // An editor's save is several events: ten writes in a row are one change.
            for version in 2...11 {
                try fixture.write("let version = \(version)\n", to: "Sources/App/main.swift")
            }
            let second = try await offThePool { try supervisor.waitForBuild(otherThan: first) }
            #expect(fixture.buildCount == 2)

            // Changes while a build runs queue one more build, not one per change. The build is held until
            // all five have been made, so a slow machine cannot let it end between them.
            try fixture.write("", to: "hold-build")
            let buildsBefore = fixture.buildCount
            try fixture.write("let version = 12\n", to: "Sources/App/main.swift")
            #expect(await eventually { fixture.buildCount > buildsBefore })
            // Not waits for anything: edits spread out in time, as a person makes them, so that each
            // settles on its own in the supervisor's batching (which goes by time) and could start a build.
            for version in 13...17 {
                try await Task.sleep(for: .milliseconds(200))
                try fixture.write("let version = \(version)\n", to: "Sources/App/main.swift")
            }
            try await Task.sleep(for: .milliseconds(200))
            #expect(fixture.buildCount == buildsBefore + 1)  // still the held build, nothing started beside it
            fixture.remove("hold-build")
            // The held build ends and the queued one starts at once; the held one may be served for a moment
            // or be overtaken while its server starts. Either way the pages end up naming the queued one
            // (a build is named `PID.N`, N counting builds).
            var served = second
            while !served.hasSuffix(".\(buildsBefore + 2)") {
                served = try await offThePool { [served] in try supervisor.waitForBuild(otherThan: served) }
            }
            // The supervisor says `building…` as it starts a build, and starts a queued one as the build
            // before it ends, before that one's server says it serves: once the queued build's `serving`
            // line has been read, every build started so far has said so. A wrong third one would be there.
            _ = try await offThePool { [served] in try supervisor.waitForLine(containing: "build \(served) serving") }
            #expect(supervisor.output.filter { $0 == "dev: building…" }.count == buildsBefore + 2)
            #expect(fixture.buildCount == buildsBefore + 2)
            #expect(fixture.read("overlaps.log").isEmpty)
        }
    }

    @Test(arguments: [[], ["--poll"]])
    func temporariesHiddenFilesAndOtherFoldersDoNotBuild(_ watching: [String]) async throws {
        let fixture = try DevFixture()
        try await withSupervisor(fixture, watching) { supervisor, first in
            try FileManager.default.createDirectory(
                atPath: fixture.root + "/Sources/.hidden", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                atPath: fixture.root + "/.build/debug", withIntermediateDirectories: true)
            for path in [
                "Sources/App/.main.swift.swp", "Sources/App/main.swift~", "Sources/App/4913", "Sources/.hidden/a.swift",
                ".build/debug/x.swift", "README.md",
            ] {
                try fixture.write("x\n", to: path)
            }
            try fixture.write("let version = 2\n", to: "Sources/App/main.swift")
            let second = try await offThePool { try supervisor.waitForBuild(otherThan: first) }
            // Every batch the supervisor acts on is said (`changed: …`) before the build it starts serves,
            // and the files above were written before the source: a batch that took any of them, alone
            // or with the source, is in the output by the time the second build's `serving` line is.
            _ = try await offThePool { try supervisor.waitForLine(containing: "build \(second) serving") }
            let batches = supervisor.output.filter { $0.hasPrefix("dev: changed") }
            #expect(batches == ["dev: changed: Sources/App/main.swift"])
            #expect(supervisor.output.filter { $0 == "dev: building…" }.count == 2)
            #expect(fixture.buildCount == 2)
        }
    }

    /// `--watch DIR` (scripts/dev --package): a package's build also follows the kit's checkout it depends
    /// on, its sources and its stylesheets alike.
    @Test func anotherWatchedRootsSourcesBuildAndItsStylesheetsSwap() async throws {
        let fixture = try DevFixture()
        let kit = try DevFixture()
        try await withSupervisor(fixture, ["--watch", kit.root]) { supervisor, first in
            let events = try DevEvents(port: supervisor.port)
            _ = try events.next("hello")
            try kit.write("body { color: teal }\n", to: "Public/app.css")
            #expect(try events.next("css") == "/public/app.css")
            #expect(fixture.buildCount == 1)
            try kit.write("let kitVersion = 2\n", to: "Sources/App/main.swift")
            _ = try await offThePool { try supervisor.waitForBuild(otherThan: first) }
            #expect(fixture.buildCount == 2)
        }
    }

    @Test func aFailedBuildKeepsTheOldServerAndTheNextSuccessSwaps() async throws {
        let fixture = try DevFixture()
        try await withSupervisor(fixture) { supervisor, first in
            let events = try DevEvents(port: supervisor.port)
            #expect(try events.next("hello") == first)
            try fixture.write(
                "/tmp/x/Sources/App/main.swift:1:5: error: cannot find '<script>alert(1)</script>' in scope\n",
                to: "fail-output.txt")
            try fixture.write("", to: "fail-build")
            try fixture.write("let version = 2\n", to: "Sources/App/main.swift")
            _ = try events.next("building")
            let report = try events.next("build-failed")
            let parsed = try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any]
            let diagnostic = (parsed?["diagnostics"] as? [[String: Any]])?.first
            #expect(diagnostic?["message"] as? String == "cannot find '<script>alert(1)</script>' in scope")
            #expect(diagnostic?["line"] as? Int == 1)
            #expect((parsed?["output"] as? String)?.contains("error: cannot find") == true)
            // The terminal has it too, and the old build still serves.
            _ = try await offThePool { try supervisor.waitForLine(containing: "build failed after") }
            #expect(supervisor.output.contains { $0.contains("error: cannot find '<script>") })
            #expect(try supervisor.currentBuild() == first)
            // A page loaded now learns of the failure when it connects.
            let late = try DevEvents(port: supervisor.port)
            #expect(try late.next("build-failed") == report)

            fixture.remove("fail-build")
            try fixture.write("let version = 3\n", to: "Sources/App/main.swift")
            let reload = try events.next("reload")
            let second = try await offThePool { try supervisor.waitForBuild(otherThan: first) }
            #expect(reload == second)
        }
    }

    @Test func publicFilesNeedNoBuild() async throws {
        let fixture = try DevFixture()
        try await withSupervisor(fixture) { supervisor, first in
            let events = try DevEvents(port: supervisor.port)
            _ = try events.next("hello")
            try fixture.write("body { color: rebeccapurple }\n", to: "Public/app.css")
            #expect(try events.next("css") == "/public/app.css")
            // The running server serves the new bytes at once.
            let sheet = try RawConnection(port: supervisor.port).request("/public/app.css")
            #expect(String(decoding: sheet.body, as: UTF8.self) == "body { color: rebeccapurple }\n")
            // A component's stylesheet in the sources is read by the server when asked for: no build either.
            try fixture.write(".thing { color: teal }\n", to: "Sources/App/Thing.css")
            #expect(try events.next("css") == "/components.css")
            try fixture.write("console.log(1)\n", to: "Public/extra.js")
            #expect(try events.next("reload") == first)
            #expect(fixture.buildCount == 1)
        }
    }

    @Test func likesAndSimulationSettingsSurviveSwaps() async throws {
        let fixture = try DevFixture()
        try await withSupervisor(fixture) { supervisor, first in
            let cookie = "Cookie: viewer=v0123456789abcdef"
            let like = try RawConnection(port: supervisor.port).request(
                "POST", "/components/like/tap",
                headers: [cookie, "Content-Type: application/x-www-form-urlencoded"], body: "post=p1&liked=true")
            #expect(like.statusCode == 303)
            let simulation = try RawConnection(port: supervisor.port).request(
                "POST", "/simulation", headers: ["Content-Type: application/x-www-form-urlencoded"],
                body: "latency_ms=123&jitter_ms=0&failure_rate=0&seed=9")
            #expect(simulation.statusCode == 303)

            var build = first
            for version in 2...3 {
                try fixture.write("let version = \(version)\n", to: "Sources/App/main.swift")
                let previous = build
                build = try await offThePool { try supervisor.waitForBuild(otherThan: previous) }
            }
            let post = try RawConnection(port: supervisor.port).request("/api/posts/p1", headers: [cookie])
            #expect(String(decoding: post.body, as: UTF8.self).contains(#""liked":true"#))
            let page = try RawConnection(port: supervisor.port).request("/feed")
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.contains("latency 123 ms"))
            #expect(html.contains("seed 9"))
        }
    }

    @Test func swapsRefuseNoConnection() async throws {
        let fixture = try DevFixture()
        try await withSupervisor(fixture) { supervisor, first in
            final class Tally: Sendable {
                let state = Mutex((ok: 0, failures: [String]()))
                let running = Atomic<Bool>(true)
            }
            let tally = Tally()
            let port = supervisor.port
            let clients = (0..<4).map { _ in
                Task {
                    try await offThePool {
                        while tally.running.load(ordering: .relaxed) {
                            do {
                                let response = try RawConnection(port: port, timeoutSeconds: 10).request(
                                    "/components/like/fragment?post=p1")
                                if response.statusCode == 200 {
                                    tally.state.withLock { $0.ok += 1 }
                                } else {
                                    tally.state.withLock { $0.failures.append("status \(response.statusCode)") }
                                }
                            } catch {
                                tally.state.withLock { $0.failures.append("\(error)") }
                            }
                        }
                    }
                }
            }
            /// Waits until the clients have been answered `count` more times: so that requests were in
            /// flight across every swap, however fast this machine serves them (no count of requests per
            /// second, which a sanitizer's slowness would break).
            func answered(_ count: Int, moreThan before: Int) async throws {
                let deadline = ContinuousClock.now + .seconds(60)
                while tally.state.withLock({ $0.ok }) < before + count {
                    guard ContinuousClock.now < deadline else {
                        Issue.record("the clients were not answered \(count) times within 60 s")
                        return
                    }
                    try await Task.sleep(for: .milliseconds(10))
                }
            }
            try await answered(20, moreThan: 0)
            var build = first
            for version in 2...4 {
                let before = tally.state.withLock { $0.ok }
                try fixture.write("let version = \(version)\n", to: "Sources/App/main.swift")
                let previous = build
                build = try await offThePool { try supervisor.waitForBuild(otherThan: previous) }
                try await answered(20, moreThan: before)
            }
            tally.running.store(false, ordering: .relaxed)
            for client in clients { try await client.value }
            let failures = tally.state.withLock { $0.failures }
            #expect(failures.isEmpty, "\(failures.prefix(5))")
        }
    }

    @Test func aServerThatCannotStartGivesWayToTheLastGoodBuild() async throws {
        let fixture = try DevFixture()
        try await withSupervisor(fixture) { supervisor, first in
            let events = try DevEvents(port: supervisor.port)
            _ = try events.next("hello")
            // The next "build" is a program that exits at once.
            try fixture.write("#!/bin/sh\necho 'broken at start' >&2\nexit 3\n", to: "broken-server")
            chmod(fixture.root + "/broken-server", 0o755)
            try fixture.write(fixture.root + "/broken-server\n", to: "server-to-build")
            try fixture.write("let version = 2\n", to: "Sources/App/main.swift")
            _ = try await offThePool { try supervisor.waitForLine(containing: "going back to build \(first)") }
            let fallback = try DevEvents(port: supervisor.port)
            #expect(try fallback.next("hello") == first)
            #expect(try fallback.next("build-failed").contains("exited at start"))
        }
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalStopsTheBuildAndTheServerAndLeavesNoProcess(_ signal: Int32) async throws {
        let fixture = try DevFixture()
        let supervisor = try fixture.startSupervisor()
        defer { supervisor.stop() }
        try await offThePool { try supervisor.waitUntilListening() }
        let first = try await offThePool { try supervisor.waitForBuild(otherThan: nil) }
        #expect(!first.isEmpty)
        // A long build is running when the signal comes.
        try fixture.write("30\n", to: "build-seconds")
        try fixture.write("let version = 2\n", to: "Sources/App/main.swift")
        _ = try await offThePool { try supervisor.waitForLine(containing: "building…", after: 2) }
        #expect(fixture.processesUsingIt().count >= 2)  // the build's shell and sleep, the server
        supervisor.signal(signal)
        let status = try await offThePool { supervisor.waitForExit() }
        #expect(status == 0)
        #expect(await eventually { fixture.processesUsingIt().isEmpty }, "\(fixture.processesUsingIt())")
    }

    /// `--exit-with-parent`: a shell starts the supervisor and waits for it; killed with `SIGKILL` (it can
    /// pass nothing on, as a killed test run could not), it leaves the supervisor to be re-parented, which
    /// then stops its build and its server as on `SIGTERM`, and exits.
    @Test func theSupervisorStopsOnceTheProcessThatStartedItIsGone() async throws {
        let fixture = try DevFixture()
        let command = ([DevFixture.binary("preview-dev"), "--exit-with-parent"] + fixture.supervisorArguments())
            .map { "'" + $0.replacing("'", with: #"'\''"#) + "'" }.joined(separator: " ")
        let shell = try SupervisorProcess(executable: "/bin/sh", arguments: ["-c", command + " & wait"])
        defer {
            // Should the supervisor have stayed, nothing of it outlives the test. This comes first: Foundation
            // sees the shell's end only once its children have closed what it handed the shell.
            for process in fixture.processesUsingIt() {
                guard let pid = process.split(separator: ":").first.flatMap({ Int32($0) }) else { continue }
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
            }
            shell.stop()
        }
        try await offThePool { try shell.waitUntilListening() }
        let first = try await offThePool { try shell.waitForBuild(otherThan: nil) }
        #expect(!first.isEmpty)
        // A long build is running when the shell goes.
        try fixture.write("30\n", to: "build-seconds")
        let before = shell.output.count
        try fixture.write("let version = 2\n", to: "Sources/App/main.swift")
        _ = try await offThePool { try shell.waitForLine(containing: "building…", after: before) }
        // The shell, the supervisor, the build's shell, the server: the line is said as the build starts, so
        // its shell may still be on its way.
        #expect(await eventually { fixture.processesUsingIt().count >= 4 }, "\(fixture.processesUsingIt())")
        let shellPID = shell.process.processIdentifier
        shell.signal(SIGKILL)
        try await offThePool {
            try shell.waitForLine(containing: "dev: the process that started it (\(shellPID)) is gone", seconds: 10)
            try shell.waitForLine(containing: "dev: stopped", seconds: 10)
        }
        #expect(await eventually { fixture.processesUsingIt().isEmpty }, "\(fixture.processesUsingIt())")
        #expect(!shell.output.contains { $0.contains("dev: the server of build") })  // stopped, not crashed
    }

    @Test func aBusyPortIsOneLineAndExitOne() async throws {
        let blocker = try ListeningSocketHolder()
        let process = try SupervisorProcess(["--port", String(blocker.port), "--build-command", "true"])
        let status = try await offThePool { process.waitForExit() }
        #expect(status == 1)
        #expect(process.output.count == 1)
        #expect(process.output.first?.hasPrefix("preview-dev: cannot listen on 127.0.0.1:\(blocker.port)") == true)
    }
}

/// A port held by this process.
struct ListeningSocketHolder {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        listen(descriptor, 1)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }
}
