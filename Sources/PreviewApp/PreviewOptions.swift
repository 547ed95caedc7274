import Components
import HTTPCore

#if canImport(Glibc)
    import Glibc
#endif

/// Everything the server can be told on its command line.
public struct PreviewOptions: Sendable {
    package var server = ServerConfiguration()
    /// How the simulated service behaves: its latency, jitter, failure rate and seed (`--latency-ms`,
    /// `--jitter-ms`, `--failure-rate`, `--seed`).
    public var simulation = SimulationSettings()
    /// The folder served under `/public`: the kit's own `Public/` (its stylesheet, script and images),
    /// wherever the server runs from, a package of your own included.
    package var publicFolder = PreviewOptions.kitPublicFolder
    /// How many handled taps the event log keeps.
    package var eventCapacity = 500
    /// How many one-time messages (a failed tap's error for the page it returns to) wait, and how long.
    package var flashLimits = FlashLimits()
    /// Host names answered besides localhost, 127.0.0.1 and [::1] (`--allow-host`).
    package var allowedHosts: [String] = []
    /// Where committed likes and follows are kept across restarts (`--state`); in memory only when `nil`.
    package var stateFile: String?
    /// Whether rendered pages and fragments are kept and served again while what they were rendered from
    /// is unchanged (`--render-cache off` renders every request: for benchmarks of the render path).
    package var renderCache = true
    /// Set when the dev supervisor runs the server (`--dev-channel-fd`, `--dev-build`).
    package var dev: DevConnection?

    /// The defaults: the kit's `Public/`, a service of 300 ms that fails 20% of requests (seed 1), 500 events
    /// kept, kept pages on, and no state file (state in memory only).
    public init() {}

    /// PreviewKit's API reference, served at `/docs/` when it is there (`scripts/docs` builds it); `nil` for
    /// none.
    package var docsFolder: String? = PreviewOptions.kitDocsFolder

    /// Where `/snapshots` finds the baselines and the last run's pictures (`preview snapshots` writes them).
    package var snapshots = SnapshotFolders()

    /// The reference `scripts/docs` builds in the kit's checkout: `.build/docs/PreviewKit.doccarchive`.
    package static var kitDocsFolder: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        guard let sources = parts.lastIndex(of: "Sources") else { return ".build/docs/PreviewKit.doccarchive" }
        parts.removeSubrange(sources...)
        return (parts + [".build", "docs", "PreviewKit.doccarchive"]).joined(separator: "/")
    }

    /// The kit checkout's `Public/` folder, found from this file's place in it; `Public` (from the working
    /// folder) when the sources are not where they were built.
    package static let kitPublicFolder: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        if let sources = parts.lastIndex(of: "Sources") {
            parts.removeSubrange(sources...)
            let folder = (parts + ["Public"]).joined(separator: "/")
            var info = stat()
            if stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                return folder
            }
        }
        return "Public"
    }()
}

/// How a server started by the dev supervisor (`preview-dev`) talks to it.
package struct DevConnection: Sendable, Equatable {
    /// The inherited end of the supervisor's channel.
    package var channelDescriptor: Int32
    /// The build this server runs, as the supervisor names it.
    package var build: String

    package init(channelDescriptor: Int32, build: String) {
        self.channelDescriptor = channelDescriptor
        self.build = build
    }
}
