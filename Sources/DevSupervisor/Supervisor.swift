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
/// The supervisor owns the `poll` loop, the signals, the socket and its own state, and composes the parts
/// that own the rest: `ChangeBatcher` (the watchers and the batch of changes), `BuildRunner` (the build)
/// and `ServerSlot` (the server, the next one and the last good one).
///
/// - Important: Single-threaded (one `poll` loop); call `run` once, from the main thread, before any
///   other thread starts (it blocks `SIGINT`, `SIGTERM` and `SIGCHLD` for the process).
package final class Supervisor {
    /// Where the supervisor is in its life.
    private enum State: Equatable {
        /// Building, serving and following changes.
        case running
        /// Asked to stop (a signal, or the parent gone): the build and the server were signalled, nothing
        /// new starts, and the loop ends once both are gone.
        case stopping
    }

    package let configuration: SupervisorConfiguration
    package let socket: ListeningSocket
    private let output: SupervisorOutput
    private let signals: SignalPipe
    private let changes: ChangeBatcher
    private let builds: BuildRunner
    private let servers: ServerSlot
    /// The process that started the supervisor; with `configuration.exitsWithParent`, when `getppid()`
    /// says otherwise (it died and the supervisor was re-parented), the supervisor stops.
    private let parent = getppid()
    private var state = State.running

    /// Binds the socket (a busy port throws at once) and starts watching.
    ///
    /// - Parameter output: Where the supervisor's lines go (standard output by default).
    package init(
        configuration: SupervisorConfiguration, output: @escaping (String) -> Void = { StandardOutput.write($0) }
    ) throws(SupervisorError) {
        self.configuration = configuration
        self.output = SupervisorOutput(write: output)
        do {
            socket = try ListeningSocket(host: configuration.host, port: configuration.port)
        } catch {
            throw SupervisorError(error.message)
        }
        signals = SignalPipe()
        if configuration.exitsWithParent {
            // Whoever reads the output may have gone with the parent: a write must not kill the supervisor
            // before it has stopped the build and the server. Children get the default back (`ChildProcess`).
            signal(SIGPIPE, SIG_IGN)
        }
        changes = ChangeBatcher(
            roots: [configuration.root] + configuration.alsoWatched, polling: configuration.polling,
            settleDelay: configuration.settleDelay)
        builds = BuildRunner(configuration: configuration, output: self.output)
        servers = ServerSlot(configuration: configuration, socket: socket.descriptor, output: self.output)
        _ = mkdir(configuration.root + "/.build", 0o755)
        _ = mkdir(configuration.workFolder, 0o755)
        _ = mkdir(configuration.workFolder + "/bin", 0o755)
    }

    /// `http://HOST:PORT`.
    package var url: String {
        socket.isIPv6 ? "http://[\(configuration.host)]:\(socket.port)" : "http://\(configuration.host):\(socket.port)"
    }

    /// Builds, serves and follows changes until `SIGINT` or `SIGTERM` (or, with `exitsWithParent`, until
    /// the process that started it is gone); returns the exit status (0).
    package func run() -> Int32 {
        say(
            "dev server on \(url) (watching Sources/, Public/ and Package.swift"
                + configuration.alsoWatched.map { ", and \($0)'s" }.joined()
                + (changes.isPolling ? " by polling)" : ")"))
        startBuild()
        while true {
            if state == .stopping && !builds.isRunning && !servers.isRunning { break }
            waitForSomething()
            handleSignals()
            checkParent()
            // Also without a SIGCHLD: one could land on a thread that started before the signals were
            // blocked, and be lost. `waitpid` with WNOHANG costs next to nothing.
            reapChildren()
            // A batch that settles once stopping is dropped: nothing new starts then.
            if let batch = changes.takeSettledBatch(), state == .running { act(on: batch) }
            builds.enforceDeadline()
            servers.enforceDeadlines()
        }
        close(socket.descriptor)
        say("stopped")
        return 0
    }

    // MARK: The loop

    private func waitForSomething() {
        var descriptors = [signals.readEnd] + changes.descriptors
        if let build = builds.descriptor { descriptors.append(build) }
        if let server = servers.descriptor { descriptors.append(server) }
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        // Short while something is ending (its exit is also checked without a signal).
        let ending = state == .stopping || servers.isEnding
        var timeout: Duration = ending ? .milliseconds(50) : changes.isPolling ? .milliseconds(300) : .seconds(1)
        if let settleAt = changes.settleAt { timeout = min(timeout, max(.zero, settleAt - .now)) }
        _ = poll(&polled, nfds_t(polled.count), Int32(timeout.wholeMilliseconds))
        changes.collect(discard: state == .stopping)
        builds.readOutput()
        servers.readChannel { changes.takeTiming() }
    }

    private func handleSignals() {
        for signal in signals.take() {
            switch signal {
            case SIGCHLD: reapChildren()
            case SIGINT, SIGTERM: stop()
            default: break
            }
        }
    }

    /// With `exitsWithParent`: stops, as on `SIGTERM`, once the process that started the supervisor is gone.
    private func checkParent() {
        guard configuration.exitsWithParent, state == .running, getppid() != parent else { return }
        say("the process that started it (\(parent)) is gone")
        stop()
    }

    private func reapChildren() {
        while true {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, WNOHANG)
            guard pid > 0 else { return }
            if let ended = builds.reap(pid, status: status) {
                if state == .running { buildEnded(ended) }
            } else {
                servers.reap(pid, status: status, stopping: state == .stopping) { changes.takeTiming() }
            }
        }
    }

    /// Stops the build and the server with `SIGTERM`, or with `SIGKILL` when already stopping (a second
    /// signal).
    private func stop() {
        let again = state == .stopping
        if !again { say("stopping") }
        state = .stopping
        let signal = again ? SIGKILL : SIGTERM
        builds.stop(signal)
        servers.stop(signal)
    }

    // MARK: Changes and builds

    private func act(on batch: ChangeBatcher.Batch) {
        if !batch.sources.isEmpty {
            say("changed: \(batch.sources.joined(separator: ", "))")
            if builds.request() { servers.tell(.building) }
            return  // the build's reload shows the Public/ changes too
        }
        changes.forgetChange()
        guard let serving = servers.serving else { return }
        if batch.reloadsPages {
            say("changed under Public/: reloading the pages")
            servers.tell(.reload(build: serving.build))
        } else {
            for path in batch.stylesheets {
                say("changed: \(path)")
                servers.tell(.css(path: path))
            }
        }
    }

    private func startBuild() {
        if builds.start() { servers.tell(.building) }
    }

    private func buildEnded(_ ended: BuildRunner.Ended) {
        switch builds.finish(ended, serving: servers.isRunning) {
        case .succeeded(let candidate, let finished):
            changes.noteBuildFinished(at: finished)
            if let candidate { servers.swap(to: candidate) }
        case .failed(let report):
            changes.forgetChange()
            servers.showFailure(report.json)
        }
        if builds.startQueued() { servers.tell(.building) }
    }

    // MARK: Helpers

    private func say(_ line: String) {
        output.say(line)
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
