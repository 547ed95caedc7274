import Components
import HTTPCore

/// Everything the server can be told on its command line.
public struct PreviewOptions: Sendable {
    public var server = ServerConfiguration()
    public var simulation = SimulationSettings()
    /// The folder served under `/public`.
    public var publicFolder = "Public"
    /// How many handled taps the event log keeps.
    public var eventCapacity = 500
    /// How many one-time messages (a failed tap's error for the page it returns to) wait, and how long.
    public var flashLimits = FlashLimits()
    /// Host names answered besides localhost, 127.0.0.1 and [::1] (`--allow-host`).
    public var allowedHosts: [String] = []
    /// Where committed likes and follows are kept across restarts (`--state`); in memory only when `nil`.
    public var stateFile: String?
    /// Whether rendered pages and fragments are kept and served again while what they were rendered from
    /// is unchanged (`--render-cache off` renders every request: for benchmarks of the render path).
    public var renderCache = true
    /// Set when the dev supervisor runs the server (`--dev-channel-fd`, `--dev-build`).
    public var dev: DevConnection?

    public init() {}
}

/// How a server started by the dev supervisor (`preview-dev`) talks to it.
public struct DevConnection: Sendable, Equatable {
    /// The inherited end of the supervisor's channel.
    public var channelDescriptor: Int32
    /// The build this server runs, as the supervisor names it.
    public var build: String

    public init(channelDescriptor: Int32, build: String) {
        self.channelDescriptor = channelDescriptor
        self.build = build
    }
}
