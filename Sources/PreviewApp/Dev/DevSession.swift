import Basics
import Components
import DevProtocol
import Dispatch
import HTTPCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The server's side of `scripts/dev`: the channel to the supervisor that runs it, and the pages'
/// `GET /dev/events` streams, to which it passes what the supervisor says (a build started, failed, a
/// stylesheet changed, a new build is coming).
///
/// Only a server started by the supervisor has one (`--dev-channel-fd`); without it there is no
/// `/dev/events` route and no dev client in any page.
///
/// As a `Service` (`Running`) it ends when the supervisor goes away or asks the server to stop, which
/// stops the server, as a signal from the supervisor would have; stopped, it hands the simulation settings
/// on to the next server.
///
/// - Important: Thread-safe. `start` begins reading the channel on a Dispatch thread.
package final class DevSession: Sendable {
    /// The build this server runs; pages carry it, and a page of another build reloads.
    package let build: String
    let channel: DevChannel

    private struct State {
        var streams: [ObjectIdentifier: ResponseStream] = [:]
        /// What runs when the supervisor goes away or asks the server to stop.
        var ended: (@Sendable () -> Void)?
        /// The last failed build's report, shown to every page that connects until a build succeeds.
        var failure: String?
    }

    private let state = Mutex(State())

    /// How long a page's `EventSource` waits before reconnecting, in milliseconds.
    static let reconnectMilliseconds = 300

    package init(channelDescriptor: Int32, build: String) {
        self.channel = DevChannel(descriptor: channelDescriptor)
        self.build = build
    }

    /// Tells the supervisor the server accepts connections, and starts passing its messages on.
    ///
    /// - Parameter ended: Runs when the channel closes (nobody else would stop the server now) or the
    ///   supervisor says `stop`.
    package func start(ended: @escaping @Sendable () -> Void) {
        state.withLock { $0.ended = ended }
        channel.send(.ready)
        DispatchQueue(label: "DevSession.channel").async { [self] in
            while let message = channel.receive() {
                received(message)
            }
            ended()
        }
    }

    /// The session as a service of the server: it starts, and ends when the supervisor goes away or asks
    /// the server to stop (which stops the group, the server with it); once it ends or is cancelled it
    /// hands `settings()` on to the next server.
    package struct Running: Service {
        let session: DevSession
        let settings: @Sendable () -> SimulationSettings

        package init(_ session: DevSession, settings: @escaping @Sendable () -> SimulationSettings) {
            self.session = session
            self.settings = settings
        }

        package func run() async {
            await Task.untilCancelled { end in session.start(ended: end) }
            session.stopping(settings: settings())
        }
    }

    /// Tells the supervisor the settings to start the next server with.
    package func stopping(settings: SimulationSettings) {
        channel.send(.simulation(arguments: settings.commandLineArguments))
    }

    func received(_ message: DevMessage) {
        if message == .stop {
            state.withLock { $0.ended }?()  // the session ends, and the server with it
            return
        }
        guard let name = message.eventName else { return }
        let streams = state.withLock { state in
            if case .buildFailed(let json) = message { state.failure = json }
            return Array(state.streams.values)
        }
        let event = Self.event(name, message.eventData)
        for stream in streams { stream.write(event) }
    }

    /// `GET /dev/events`: `hello` with this server's build, then the last failure if there is one, then
    /// what the supervisor says as it happens.
    func eventsResponse() -> HTTPResponse {
        let stream = ResponseStream()
        let key = ObjectIdentifier(stream)
        let failure = state.withLock { state in
            state.streams[key] = stream
            return state.failure
        }
        var greeting = Array("retry: \(Self.reconnectMilliseconds)\n".utf8) + Self.event("hello", build)
        if let failure { greeting += Self.event("build-failed", failure) }
        stream.write(greeting)
        stream.keepAlive(every: EventStream.keepAliveInterval)
        stream.onClose { [weak self] in self?.state.withLock { _ = $0.streams.removeValue(forKey: key) } }
        var response = HTTPResponse(
            headers: ["Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache"])
        response.stream = stream
        return response
    }

    static func event(_ name: String, _ data: String) -> [UInt8] {
        Array("event: \(name)\ndata: \(data)\n\n".utf8)
    }
}
