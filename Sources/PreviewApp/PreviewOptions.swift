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
    /// Host names answered besides localhost, 127.0.0.1 and [::1] (`--allow-host`).
    public var allowedHosts: [String] = []
    /// Where committed like state is kept across restarts (`--state`); in memory only when `nil`.
    public var stateFile: String?

    public init() {}
}
