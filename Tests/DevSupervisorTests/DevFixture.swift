import Foundation
import HTTPTesting
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A throwaway package for the supervisor to watch, with an injected build command: a script that
/// "builds" by copying the real server binary into place after a pause, or fails with canned compiler
/// output while `fail-build` exists. It records each build's start and notices overlapping builds.
final class DevFixture: Sendable {
    let root: String

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// A binary built next to the test bundle (same configuration and sanitizer), else the debug build's.
    static func binary(_ name: String) -> String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        for candidate in [bundle + "/" + name, packageRoot + "/.build/debug/" + name]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return bundle + "/" + name
    }

    init() throws {
        // A short path under /tmp: the supervisor's socket paths and the process list stay readable.
        root = "/tmp/dev-fixture-\(UUID().uuidString.prefix(8))"
        let files = FileManager.default
        for folder in ["Sources/App", "Public", "out"] {
            try files.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for name in ["app.css", "app.js", "dev.js"] {
            try files.copyItem(atPath: Self.packageRoot + "/Public/" + name, toPath: root + "/Public/" + name)
        }
        try write("// the manifest\n", to: "Package.swift")
        try write("let version = 1\n", to: "Sources/App/main.swift")
        try write("0.2\n", to: "build-seconds")
        let script = """
            #!/bin/sh
            # Started once per build; a second one while the first runs is an overlap.
            [ -e building ] && echo overlap >> overlaps.log
            touch building
            date +%s.%N >> builds.log
            sleep "$(cat build-seconds)"
            # A test holds a build as long as it needs (however late the machine runs its steps).
            while [ -e hold-build ]; do sleep 0.05; done
            rm -f building
            if [ -e fail-build ]; then
              cat fail-output.txt
              exit 1
            fi
            cp "$(cat server-to-build)" out/preview-server.new && mv out/preview-server.new out/preview-server
            """
        try write(script, to: "build.sh")
        try write(Self.binary("preview-server") + "\n", to: "server-to-build")
    }

    func write(_ text: String, to path: String) throws {
        try text.write(toFile: root + "/" + path, atomically: false, encoding: .utf8)
    }

    func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: root + "/" + path)
    }

    func read(_ path: String) -> String {
        (try? String(contentsOfFile: root + "/" + path, encoding: .utf8)) ?? ""
    }

    /// Builds started so far.
    var buildCount: Int {
        read("builds.log").split(separator: "\n").count
    }

    /// `preview-dev` on a free port over this package.
    func startSupervisor(_ serverArguments: [String] = []) throws -> SupervisorProcess {
        try SupervisorProcess(supervisorArguments(serverArguments))
    }

    /// `preview-dev`'s arguments for this package, on a free port (`--exit-with-parent` aside).
    func supervisorArguments(_ serverArguments: [String] = []) -> [String] {
        [
            "--root", root, "--build-command", "sh ./build.sh", "--binary", root + "/out/preview-server",
            "--port", "0", "--quiet", "--latency-ms", "0",
        ] + serverArguments
    }

    /// Every process whose command line names this package, but the ones listed.
    func processesUsingIt() -> [String] {
        let me = String(getpid())
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid in
            guard pid.allSatisfy(\.isNumber), pid != me,
                let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
            else { return nil }
            let command = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return command.contains(root) ? "\(pid): \(command)" : nil
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// A running `preview-dev`, its output gathered line by line. Started with `init(_:)`, it runs with
/// `--exit-with-parent`: should the test process be killed, the supervisor and its server do not outlive it.
final class SupervisorProcess: @unchecked Sendable {
    // @unchecked: `process` and the pipe are used from the test's task and the reader thread, which
    // only reads the pipe; `lines` is behind its lock.
    let process = Process()
    private let pipe = Pipe()
    private final class Lines: Sendable {
        let all = Mutex<[String]>([])
    }

    private let lines = Lines()
    private(set) var port = 0

    /// Starts `preview-dev --exit-with-parent` with `arguments`.
    convenience init(_ arguments: [String]) throws {
        try self.init(executable: DevFixture.binary("preview-dev"), arguments: ["--exit-with-parent"] + arguments)
    }

    /// Starts `executable` (a shell that starts `preview-dev`, say) with `arguments`.
    init(executable: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let handle = pipe.fileHandleForReading
        let lines = self.lines
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let end = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...end)
                    lines.all.withLock { $0.append(line) }
                }
            }
        }
    }

    var output: [String] { lines.all.withLock { $0 } }

    /// Waits until a line contains `text`; returns it.
    @discardableResult
    func waitForLine(containing text: String, after skip: Int = 0, seconds: Int = 60) throws -> String {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if let line = output.dropFirst(skip).first(where: { $0.contains(text) }) { return line }
            usleep(20_000)
        }
        throw Failure("no line with \"\(text)\" within \(seconds) s; output:\n" + output.joined(separator: "\n"))
    }

    /// Waits for the supervisor's first line and reads the port from it.
    func waitUntilListening() throws {
        let line = try waitForLine(containing: "dev server on http://127.0.0.1:")
        port = Int(line.split(separator: ":").last!.split(separator: " ").first!)!
    }

    /// Waits until a server of a build other than `previous` serves (its pages name it).
    func waitForBuild(otherThan previous: String?, seconds: Int = 60) throws -> String {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if let build = try? currentBuild(), build != previous { return build }
            usleep(50_000)
        }
        throw Failure(
            "no build other than \(previous ?? "none") within \(seconds) s:\n" + output.joined(separator: "\n"))
    }

    /// The build the pages name right now.
    func currentBuild() throws -> String {
        let page = try RawConnection(port: port, timeoutSeconds: 5).request("/")
        let html = String(decoding: page.body, as: UTF8.self)
        guard let start = html.firstRange(of: #"<meta name="preview-dev-build" content=""#),
            let end = html[start.upperBound...].firstIndex(of: "\"")
        else { throw Failure("no build in the page") }
        return String(html[start.upperBound..<end])
    }

    func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the exit; `nil` if it does not come within `seconds`.
    func waitForExit(seconds: Int = 20) -> Int32? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while process.isRunning && ContinuousClock.now < deadline { usleep(20_000) }
        guard !process.isRunning else { return nil }
        // Foundation's Process lets go of its run-loop source (and of itself) only here.
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Stops it (SIGINT) and waits; kills it if it does not stop.
    func stop() {
        guard process.isRunning else {
            // Gone already (killed by the test): Foundation's Process lets go of itself only once waited for.
            process.waitUntilExit()
            return
        }
        signal(SIGINT)
        if waitForExit() == nil {
            signal(SIGKILL)
            process.waitUntilExit()
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// A `GET /dev/events` stream, read raw.
struct DevEvents {
    let connection: RawConnection

    init(port: Int) throws {
        connection = try RawConnection(port: port, timeoutSeconds: 30)
        try connection.write("GET /dev/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
    }

    /// Reads until the event `name` and returns its data.
    func next(_ name: String) throws -> String {
        _ = try connection.read(until: "event: \(name)\ndata: ")
        let rest = try connection.read(until: "\n\n")
        return String(rest.dropLast(2))
    }
}
