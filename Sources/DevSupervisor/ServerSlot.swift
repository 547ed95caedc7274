import Basics
import DevProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// The one server that runs at a time on the supervisor's socket: swaps a new build in, watches it start,
/// and when one exits at start, goes back to the last good build.
///
/// Owns the running server (its process group, its dev channel, whether it is ready, and when it was asked
/// to stop), the build waiting to run next, the last build whose server became ready, the failure to show
/// on the next server once it is ready, and the simulation settings the last server handed on. Its
/// deadlines: a server that does not act on `stop` gets `SIGTERM` after 3 s and `SIGKILL` after 15 s, and
/// one that is not ready within 30 s is killed.
///
/// ```swift
/// servers.swap(to: candidate)   // the old server is asked to stop; `candidate` starts once it has
/// servers.readChannel { changes.takeTiming() }
/// ```
///
/// - Important: Not thread-safe; the supervisor's loop is its only user.
final class ServerSlot {
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

    private let configuration: SupervisorConfiguration
    /// The listening socket every server inherits.
    private let socket: Int32
    private let output: SupervisorOutput
    private var server: RunningServer?
    /// The binary to start once the current server has stopped.
    private var next: Candidate?
    /// The last binary whose server became ready: what runs again if a new one fails to start.
    private var lastGood: Candidate?
    /// A failure to show on the next server once it is ready.
    private var failureToShow: String?
    private var simulationArguments: [String] = []

    init(configuration: SupervisorConfiguration, socket: Int32, output: SupervisorOutput) {
        self.configuration = configuration
        self.socket = socket
        self.output = output
    }

    /// The running server's end of its dev channel.
    var descriptor: Int32? { server?.channel.descriptor }

    var isRunning: Bool { server != nil }

    /// Whether the running server was asked to stop and has not yet exited.
    var isEnding: Bool { server?.terminated != nil }

    /// The running server's build, unless it was asked to stop.
    var serving: Candidate? {
        guard let server, server.terminated == nil else { return nil }
        return server.candidate
    }

    /// Sends `message` to the running server, if there is one (also one that is stopping).
    func tell(_ message: DevMessage) {
        server?.channel.send(message)
    }

    /// Shows a build failure (its report as JSON) in the pages: now, or on the next server once it is ready.
    func showFailure(_ json: String) {
        if let server, server.terminated == nil {
            server.channel.send(.buildFailed(json: json))
        } else {
            failureToShow = json
        }
    }

    /// Replaces the running server with `candidate`, or starts it when none runs.
    func swap(to candidate: Candidate) {
        guard let server else {
            start(candidate)
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

    /// Reads what the server said.
    ///
    /// - Parameter timing: What the line that says the server is ready adds about the round.
    func readChannel(timing: () -> String) {
        guard let server else { return }
        for message in server.channel.receiveAvailable().messages {
            switch message {
            case .ready:
                becameReady(server, timing: timing())
            case .simulation(let arguments):
                simulationArguments = arguments
            default:
                break
            }
        }
    }

    /// If `pid` is the server's, it has exited: starts the next build, or the last good one if it exited at
    /// start, or it again (unless `stopping`). Returns whether `pid` was the server's.
    @discardableResult
    func reap(_ pid: pid_t, status: Int32, stopping: Bool, timing: () -> String) -> Bool {
        guard let server, server.process.pid == pid else { return false }
        readChannel(timing: timing)
        server.channel.close()
        self.server = nil
        exited(server, status: status, stopping: stopping)
        return true
    }

    /// Stops the server's whole process group with `signal`; nothing starts after it.
    func stop(_ signal: Int32) {
        next = nil
        guard let server else { return }
        server.process.signalGroup(signal)
        server.terminated = server.terminated ?? .now
        server.signalled = true
    }

    func enforceDeadlines() {
        guard let server else { return }
        let now = ContinuousClock.now
        if let terminated = server.terminated, now - terminated > .seconds(15) {
            server.process.signalGroup(SIGKILL)
        } else if let terminated = server.terminated, now - terminated > .seconds(3), !server.signalled {
            server.process.signalGroup(SIGTERM)  // it did not act on `stop`
            server.signalled = true
        } else if !server.isReady && server.terminated == nil && now - server.started > .seconds(30) {
            output.say("the server of build \(server.candidate.build) did not start within 30 s; stopping it")
            server.process.signalGroup(SIGKILL)
        }
    }

    private func start(_ candidate: Candidate) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            output.say("cannot start the server: no socket pair")
            return
        }
        var arguments = configuration.serverArguments
        if !configuration.hasPublicFolder { arguments += ["--public", configuration.root + "/Public"] }
        if !configuration.hasStateFile { arguments += ["--state", configuration.stateFile] }
        arguments += simulationArguments
        arguments += ["--listen-fd", "3", "--dev-channel-fd", "4", "--dev-build", candidate.build]
        do {
            let process = try ChildProcess.spawn(
                candidate.binary, arguments, descriptors: [(socket, 3), (ends[1], 4)])
            close(ends[1])
            server = RunningServer(process: process, channel: DevChannel(descriptor: ends[0]), candidate: candidate)
        } catch {
            close(ends[0])
            close(ends[1])
            output.say(error.message)
        }
    }

    private func becameReady(_ server: RunningServer, timing: String) {
        server.isReady = true
        let previous = lastGood
        lastGood = server.candidate
        output.say("build \(server.candidate.build) serving\(timing)")
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

    private func exited(_ exited: RunningServer, status: Int32, stopping: Bool) {
        if exited.terminated != nil {
            if let next, !stopping {
                self.next = nil
                start(next)
            }
            return
        }
        output.say("the server of build \(exited.candidate.build) exited (\(Supervisor.describe(status)))")
        guard !stopping else { return }
        if !exited.isReady, let lastGood, lastGood != exited.candidate {
            output.say("going back to build \(lastGood.build)")
            let report = BuildReport(
                diagnostics: [
                    BuildDiagnostic(
                        file: nil, line: nil, column: nil, severity: .error,
                        message: "The server of build \(exited.candidate.build) exited at start "
                            + "(\(Supervisor.describe(status))); see the terminal. Build \(lastGood.build) serves "
                            + "meanwhile.")
                ], output: "")
            failureToShow = report.json
            start(lastGood)
        } else if ContinuousClock.now - exited.started > .seconds(2) {
            start(exited.candidate)
        } else {
            output.say("waiting for a change before starting it again")
        }
    }
}
