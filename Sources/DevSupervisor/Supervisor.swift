import Basics
import DevProtocol
import Dispatch
import HTTPCore

#if canImport(Glibc)
    import Glibc
#endif

/// `scripts/dev`: builds the server, runs it on a socket the supervisor keeps, and on every change to the
/// package rebuilds and swaps the server, or tells the pages to swap a stylesheet or reload.
///
/// ```swift
/// let supervisor = try Supervisor(configuration: configuration)
/// exit(supervisor.run())   // until SIGINT or SIGTERM
/// ```
///
/// A swap: the build succeeded, so the binary is copied aside (the next build cannot touch what runs),
/// the pages are told to reload, and the old server gets `SIGTERM`. It stops taking connections from the
/// shared socket at once, finishes what it has, writes what is pending to the state database and exits;
/// then the new server starts on the same socket and reads it. Connections that arrive meanwhile wait in the
/// socket's backlog: none is refused. One server at a time, so the likes and simulation settings pass
/// whole from one to the next.
///
/// - Important: Single-threaded (one `poll` loop); call `run` once, from the main thread, before any
///   other thread starts (it blocks `SIGINT`, `SIGTERM` and `SIGCHLD` for the process).
public final class Supervisor {
    public let configuration: SupervisorConfiguration
    public let socket: ListeningSocket
    /// The package root's watcher first, then one for each other watched root.
    private let watchers: [FileWatcher]
    private let output: (String) -> Void

    /// A built binary, copied aside, with the name its pages will carry.
    struct Candidate: Equatable {
        var binary: String
        var build: String
    }

    private final class RunningServer {
        let process: ChildProcess
        let channel: DevChannel
        let candidate: Candidate
        let started = ContinuousClock.now
        var isReady = false
        /// When the supervisor asked it to stop (it is being swapped out, or everything is stopping).
        var terminated: ContinuousClock.Instant?
        /// Whether it was sent `SIGTERM` (a swap first asks over the channel).
        var signalled = false

        init(process: ChildProcess, channel: DevChannel, candidate: Candidate) {
            self.process = process
            self.channel = channel
            self.candidate = candidate
        }
    }

    private final class RunningBuild {
        let process: ChildProcess
        let output: Int32
        let started = ContinuousClock.now
        var bytes: [UInt8] = []
        var terminated: ContinuousClock.Instant?

        init(process: ChildProcess, output: Int32) {
            self.process = process
            self.output = output
        }
    }

    private var server: RunningServer?
    /// The binary to start once the current server has stopped.
    private var next: Candidate?
    /// The last binary whose server became ready: what runs again if a new one fails to start.
    private var lastGood: Candidate?
    /// A failure to show on the next server once it is ready.
    private var failureToShow: String?
    private var build: RunningBuild?
    private var buildQueued = false
    private var buildCount = 0
    private var pendingPaths: [String] = []
    private var settleAt: ContinuousClock.Instant?
    /// When the first change of the current round arrived, for the timing line.
    private var changeArrived: ContinuousClock.Instant?
    private var buildFinished: ContinuousClock.Instant?
    private var simulationArguments: [String] = []
    private var lastScan = ContinuousClock.now
    private var isStopping = false
    private let signals: SignalPipe

    /// Binds the socket (a busy port throws at once) and starts watching.
    ///
    /// - Parameter output: Where the supervisor's lines go (standard output by default).
    public init(
        configuration: SupervisorConfiguration, output: @escaping (String) -> Void = { StandardOutput.write($0) }
    ) throws(SupervisorError) {
        self.configuration = configuration
        self.output = output
        do {
            socket = try ListeningSocket(host: configuration.host, port: configuration.port)
        } catch {
            throw SupervisorError(error.message)
        }
        signals = SignalPipe()
        watchers = ([configuration.root] + configuration.alsoWatched).map {
            FileWatcher(root: $0, polling: configuration.polling)
        }
        _ = mkdir(configuration.root + "/.build", 0o755)
        _ = mkdir(configuration.workFolder, 0o755)
        _ = mkdir(configuration.workFolder + "/bin", 0o755)
    }

    /// `http://HOST:PORT`.
    public var url: String {
        socket.isIPv6 ? "http://[\(configuration.host)]:\(socket.port)" : "http://\(configuration.host):\(socket.port)"
    }

    /// Builds, serves and follows changes until `SIGINT` or `SIGTERM`; returns the exit status (0).
    public func run() -> Int32 {
        say(
            "dev server on \(url) (watching Sources/, Public/ and Package.swift"
                + configuration.alsoWatched.map { ", and \($0)'s" }.joined() + (isPolling ? " by polling)" : ")"))
        startBuild()
        while true {
            if isStopping && build == nil && server == nil { break }
            waitForSomething()
            handleSignals()
            // Also without a SIGCHLD: one could land on a thread that started before the signals were
            // blocked, and be lost. `waitpid` with WNOHANG costs next to nothing.
            reapChildren()
            if let settleAt, ContinuousClock.now >= settleAt { actOnChanges() }
            enforceDeadlines()
        }
        close(socket.descriptor)
        say("stopped")
        return 0
    }

    // MARK: The loop

    private func waitForSomething() {
        var descriptors = [pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
        for inotify in watchers.compactMap(\.descriptor) {
            descriptors.append(pollfd(fd: inotify, events: Int16(POLLIN), revents: 0))
        }
        if let build { descriptors.append(pollfd(fd: build.output, events: Int16(POLLIN), revents: 0)) }
        if let server { descriptors.append(pollfd(fd: server.channel.descriptor, events: Int16(POLLIN), revents: 0)) }
        // Short while something is ending (its exit is also checked without a signal).
        let ending = isStopping || server?.terminated != nil
        var timeout: Duration = ending ? .milliseconds(50) : isPolling ? .milliseconds(300) : .seconds(1)
        if let settleAt { timeout = min(timeout, max(.zero, settleAt - .now)) }
        _ = poll(&descriptors, nfds_t(descriptors.count), Int32(timeout.wholeMilliseconds))
        // inotify's reads cost nothing when nothing is waiting; a polling scan walks the tree, so at most
        // one every 300 ms however often the loop wakes.
        if !isPolling || ContinuousClock.now - lastScan >= .milliseconds(300) {
            lastScan = .now
            collectChanges()
        }
        if let build { readBuildOutput(build) }
        if let server { readChannel(server) }
    }

    /// Whether any watcher polls (no inotify there).
    private var isPolling: Bool {
        watchers.contains(where: \.isPolling)
    }

    private func collectChanges() {
        let changed = watchers.flatMap { $0.changes() }.filter { ChangeKind(path: $0) != .ignored }
        guard !changed.isEmpty && !isStopping else { return }
        pendingPaths += changed
        if changeArrived == nil { changeArrived = .now }
        settleAt = .now + configuration.settleDelay
    }

    private func handleSignals() {
        for signal in signals.take() {
            switch signal {
            case SIGCHLD: reapChildren()
            case SIGINT, SIGTERM: stopEverything(again: isStopping)
            default: break
            }
        }
    }

    private func reapChildren() {
        while true {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, WNOHANG)
            guard pid > 0 else { return }
            if let build, build.process.pid == pid {
                readBuildOutput(build)
                close(build.output)
                self.build = nil
                finishBuild(build, status: status)
            } else if let server, server.process.pid == pid {
                readChannel(server)
                server.channel.close()
                self.server = nil
                serverExited(server, status: status)
            }
        }
    }

    private func enforceDeadlines() {
        let now = ContinuousClock.now
        if let build, let terminated = build.terminated, now - terminated > .seconds(10) {
            build.process.signalGroup(SIGKILL)
        }
        if let server {
            if let terminated = server.terminated, now - terminated > .seconds(15) {
                server.process.signalGroup(SIGKILL)
            } else if let terminated = server.terminated, now - terminated > .seconds(3), !server.signalled {
                server.process.signalGroup(SIGTERM)  // it did not act on `stop`
                server.signalled = true
            } else if !server.isReady && server.terminated == nil && now - server.started > .seconds(30) {
                say("the server of build \(server.candidate.build) did not start within 30 s; stopping it")
                server.process.signalGroup(SIGKILL)
            }
        }
    }

    private func stopEverything(again: Bool) {
        if !again { say("stopping") }
        isStopping = true
        next = nil
        buildQueued = false
        let signal = again ? SIGKILL : SIGTERM
        if let build {
            build.process.signalGroup(signal)
            build.terminated = build.terminated ?? .now
        }
        if let server {
            server.process.signalGroup(signal)
            server.terminated = server.terminated ?? .now
            server.signalled = true
        }
    }

    // MARK: Changes

    private func actOnChanges() {
        settleAt = nil
        let kinds = pendingPaths.map(ChangeKind.init(path:))
        let paths = pendingPaths
        pendingPaths = []
        if kinds.contains(.source) {
            let sources = zip(paths, kinds).filter { $0.1 == .source }.map(\.0)
            say("changed: \(Set(sources).sorted().joined(separator: ", "))")
            requestBuild()
            return  // the build's reload shows the Public/ changes too
        }
        changeArrived = nil
        guard let server, server.terminated == nil else { return }
        var stylesheets: [String] = []
        var reload = false
        for kind in kinds {
            switch kind {
            case .stylesheet(let path): if !stylesheets.contains(path) { stylesheets.append(path) }
            case .publicFile: reload = true
            case .source, .ignored: break
            }
        }
        if reload {
            say("changed under Public/: reloading the pages")
            server.channel.send(.reload(build: server.candidate.build))
        } else {
            for path in stylesheets {
                say("changed: \(path)")
                server.channel.send(.css(path: path))
            }
        }
    }

    // MARK: Building

    private func requestBuild() {
        if build != nil {
            buildQueued = true  // one more build after this one, however many changes come meanwhile
        } else {
            startBuild()
        }
    }

    private func startBuild() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            say("cannot build: no pipe")
            return
        }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        let command = "cd '\(configuration.root.replacingSingleQuotes)' && \(configuration.buildCommand)"
        do {
            let process = try ChildProcess.spawn(
                "/bin/sh", ["-c", command], descriptors: [(ends[1], 1), (ends[1], 2)])
            close(ends[1])
            build = RunningBuild(process: process, output: ends[0])
            buildCount += 1
            say("building…")
            server?.channel.send(.building)
        } catch {
            close(ends[0])
            close(ends[1])
            say(error.message)
        }
    }

    private func readBuildOutput(_ build: RunningBuild) {
        _ = readAll(build.output, appendingTo: &build.bytes)  // what is waiting; the rest on the next turn
    }

    private func finishBuild(_ finished: RunningBuild, status: Int32) {
        let seconds = Self.seconds(ContinuousClock.now - finished.started)
        let succeeded = Self.exitedZero(status)
        if isStopping {
            return
        }
        if succeeded {
            buildFinished = .now
            say("built in \(seconds) s")
            do {
                let candidate = try copyAside(configuration.binary)
                swap(to: candidate)
            } catch {
                say(error.message)
            }
        } else {
            let text = String(decoding: finished.bytes, as: UTF8.self)
            let report = BuildReport(output: text, root: configuration.root).withSources(root: configuration.root)
            output(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n")
            let errors = report.diagnostics.filter { $0.severity == .error }.count
            say(
                "build failed after \(seconds) s (\(errors) error\(errors == 1 ? "" : "s")); "
                    + (server == nil ? "nothing to serve until a build succeeds" : "the last good build keeps serving"))
            changeArrived = nil
            if let server, server.terminated == nil {
                server.channel.send(.buildFailed(json: report.json))
            } else {
                failureToShow = report.json
            }
        }
        if buildQueued {
            buildQueued = false
            startBuild()
        }
    }

    /// Copies the freshly built binary to `.build/dev/bin/preview-server-BUILD`: what runs is never what
    /// the next build writes.
    private func copyAside(_ binary: String) throws(SupervisorError) -> Candidate {
        let build = "\(getpid()).\(buildCount)"
        let copy = configuration.workFolder + "/bin/preview-server-\(build)"
        try copyFile(from: binary, to: copy)
        return Candidate(binary: copy, build: build)
    }

    // MARK: Serving

    /// Replaces the running server with `candidate`, or starts it when none runs.
    private func swap(to candidate: Candidate) {
        guard let server else {
            startServer(candidate)
            return
        }
        next = candidate
        if server.terminated == nil {
            // In order on one channel: the pages hear of the new build before their streams end.
            server.channel.send(.reload(build: candidate.build))
            server.channel.send(.stop)
            server.terminated = .now
        }
    }

    private func startServer(_ candidate: Candidate) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            say("cannot start the server: no socket pair")
            return
        }
        var arguments = configuration.serverArguments
        if !configuration.hasPublicFolder { arguments += ["--public", configuration.root + "/Public"] }
        if !configuration.hasStateFile { arguments += ["--state", configuration.stateFile] }
        arguments += simulationArguments
        arguments += ["--listen-fd", "3", "--dev-channel-fd", "4", "--dev-build", candidate.build]
        do {
            let process = try ChildProcess.spawn(
                candidate.binary, arguments, descriptors: [(socket.descriptor, 3), (ends[1], 4)])
            close(ends[1])
            server = RunningServer(process: process, channel: DevChannel(descriptor: ends[0]), candidate: candidate)
        } catch {
            close(ends[0])
            close(ends[1])
            say(error.message)
        }
    }

    private func readChannel(_ server: RunningServer) {
        for message in server.channel.receiveAvailable().messages {
            switch message {
            case .ready:
                serverBecameReady(server)
            case .simulation(let arguments):
                simulationArguments = arguments
            default:
                break
            }
        }
    }

    private func serverBecameReady(_ server: RunningServer) {
        server.isReady = true
        let previous = lastGood
        lastGood = server.candidate
        var timing = ""
        if let changeArrived {
            timing = " \(Self.seconds(ContinuousClock.now - changeArrived)) s after the change"
            if let buildFinished {
                timing += " (swap \(Self.seconds(ContinuousClock.now - buildFinished)) s)"
            }
        }
        changeArrived = nil
        buildFinished = nil
        say("build \(server.candidate.build) serving\(timing)")
        if let failureToShow {
            server.channel.send(.buildFailed(json: failureToShow))
            self.failureToShow = nil
        }
        // Keep the binary that runs, the one before it and the one waiting to run next (a build that
        // finished while this server was starting); the older copies go.
        let keep = Set([server.candidate.binary, previous?.binary, next?.binary].compactMap { $0 })
        let folder = configuration.workFolder + "/bin"
        for entry in FileWatcher.entries(of: folder) where !keep.contains(folder + "/" + entry.name) {
            unlink(folder + "/" + entry.name)
        }
    }

    private func serverExited(_ exited: RunningServer, status: Int32) {
        if exited.terminated != nil {
            if let next, !isStopping {
                self.next = nil
                startServer(next)
            }
            return
        }
        say("the server of build \(exited.candidate.build) exited (\(Self.describe(status)))")
        guard !isStopping else { return }
        if !exited.isReady, let lastGood, lastGood != exited.candidate {
            say("going back to build \(lastGood.build)")
            let report = BuildReport(
                diagnostics: [
                    BuildDiagnostic(
                        file: nil, line: nil, column: nil, severity: .error,
                        message: "The server of build \(exited.candidate.build) exited at start "
                            + "(\(Self.describe(status))); see the terminal. Build \(lastGood.build) serves meanwhile.")
                ], output: "")
            failureToShow = report.json
            startServer(lastGood)
        } else if ContinuousClock.now - exited.started > .seconds(2) {
            startServer(exited.candidate)
        } else {
            say("waiting for a change before starting it again")
        }
    }

    // MARK: Helpers

    private func say(_ line: String) {
        output("dev: \(line)\n")
    }

    static func exitedZero(_ status: Int32) -> Bool {
        status & 0x7f == 0 && (status >> 8) & 0xff == 0
    }

    static func describe(_ status: Int32) -> String {
        status & 0x7f == 0 ? "exit status \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
    }

    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.wholeMilliseconds
        let whole = milliseconds / 1000
        let hundredths = (milliseconds % 1000) / 10
        return "\(whole).\(hundredths < 10 ? "0" : "")\(hundredths)"
    }
}

extension String {
    /// For a single-quoted shell word: `'` becomes `'\''`.
    fileprivate var replacingSingleQuotes: String {
        var result = ""
        for character in self {
            if character == "'" { result += "'\\''" } else { result.append(character) }
        }
        return result
    }
}
