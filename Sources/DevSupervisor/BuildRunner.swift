import Basics

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the build command, one build at a time, and copies each binary it makes aside.
///
/// Owns the running build (its process group, the pipe its output comes through and what came so far,
/// the deadline once it was asked to stop), whether one more build is queued, and the count of builds
/// started, which names each copy (`PID.N`).
///
/// ```swift
/// if builds.request() { … }   // started now (else queued behind the running one)
/// if let ended = builds.reap(pid, status: status) {
///     switch builds.finish(ended, serving: true) { … }   // .succeeded(candidate, at:), .failed(report)
/// }
/// ```
///
/// - Important: Not thread-safe; the supervisor's loop is its only user.
final class BuildRunner {
    /// What a build that ended left: its exit status, when it started and what it wrote.
    struct Ended {
        let status: Int32
        let started: ContinuousClock.Instant
        let output: [UInt8]
    }

    /// What became of a build.
    enum Outcome {
        /// It succeeded at `at`; `candidate` is its binary copied aside (`nil` when the copy failed, which
        /// was said).
        case succeeded(Candidate?, at: ContinuousClock.Instant)
        /// It failed; its output and a line about it were written.
        case failed(BuildReport)
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

    private let configuration: SupervisorConfiguration
    private let output: SupervisorOutput
    private var build: RunningBuild?
    private var queued = false
    private var count = 0

    init(configuration: SupervisorConfiguration, output: SupervisorOutput) {
        self.configuration = configuration
        self.output = output
    }

    /// The read end of the running build's output pipe.
    var descriptor: Int32? { build?.output }

    var isRunning: Bool { build != nil }

    /// Starts a build, or queues one more if one runs (however many changes come meanwhile); returns
    /// whether one started now.
    func request() -> Bool {
        guard build == nil else {
            queued = true
            return false
        }
        return start()
    }

    /// Starts the queued build, if there is one; returns whether one started.
    func startQueued() -> Bool {
        guard queued else { return false }
        queued = false
        return start()
    }

    /// Starts a build with its output on a pipe; returns whether it started (else it was said why not).
    @discardableResult
    func start() -> Bool {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            output.say("cannot build: no pipe")
            return false
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
            count += 1
            output.say("building…")
            return true
        } catch {
            close(ends[0])
            close(ends[1])
            output.say(error.message)
            return false
        }
    }

    /// Reads what the build wrote and is waiting; the rest on the next turn.
    func readOutput() {
        guard let build else { return }
        _ = readAll(build.output, appendingTo: &build.bytes)
    }

    /// If `pid` is the build's, it has ended: returns what it left, and no build runs any more.
    func reap(_ pid: pid_t, status: Int32) -> Ended? {
        guard let build, build.process.pid == pid else { return nil }
        readOutput()
        close(build.output)
        self.build = nil
        return Ended(status: status, started: build.started, output: build.bytes)
    }

    /// Says how the build went; copies a successful build's binary aside, and writes a failed one's
    /// output.
    ///
    /// - Parameter serving: Whether a server runs (what the line about a failure tells).
    func finish(_ ended: Ended, serving: Bool) -> Outcome {
        let seconds = Supervisor.seconds(ContinuousClock.now - ended.started)
        guard Supervisor.exitedZero(ended.status) else {
            let text = String(decoding: ended.output, as: UTF8.self)
            let report = BuildReport(output: text, root: configuration.root).withSources(root: configuration.root)
            output.write(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n")
            let errors = report.diagnostics.filter { $0.severity == .error }.count
            output.say(
                "build failed after \(seconds) s (\(errors) error\(errors == 1 ? "" : "s")); "
                    + (serving ? "the last good build keeps serving" : "nothing to serve until a build succeeds"))
            return .failed(report)
        }
        let finished = ContinuousClock.now
        output.say("built in \(seconds) s")
        do {
            return .succeeded(try copyAside(configuration.binary), at: finished)
        } catch {
            output.say(error.message)
            return .succeeded(nil, at: finished)
        }
    }

    /// Stops the build's whole process group with `signal` (and queues none after it).
    func stop(_ signal: Int32) {
        queued = false
        guard let build else { return }
        build.process.signalGroup(signal)
        build.terminated = build.terminated ?? .now
    }

    /// A build that has not stopped 10 s after it was asked to gets `SIGKILL`.
    func enforceDeadline() {
        if let build, let terminated = build.terminated, ContinuousClock.now - terminated > .seconds(10) {
            build.process.signalGroup(SIGKILL)
        }
    }

    /// Copies the freshly built binary to `.build/dev/bin/preview-server-BUILD`: what runs is never what
    /// the next build writes.
    private func copyAside(_ binary: String) throws(SupervisorError) -> Candidate {
        let build = "\(getpid()).\(count)"
        let copy = configuration.workFolder + "/bin/preview-server-\(build)"
        try copyFile(from: binary, to: copy)
        return Candidate(binary: copy, build: build)
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
