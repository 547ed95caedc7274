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

    public init() {}
}
