/// What the dev supervisor runs and watches.
public struct SupervisorConfiguration: Sendable {
    /// The package root: where the build runs and what is watched.
    public var root: String
    /// Other package roots whose `Sources/`, `Public/` and `Package.swift` are watched too: the kit's
    /// checkout, for a package of your own that depends on it by path (`scripts/dev --package`).
    public var alsoWatched: [String] = []
    /// The shell command that builds the server (run with `/bin/sh -c` in `root`).
    public var buildCommand: String
    /// The server binary the build produces.
    public var binary: String
    /// The address and port to listen on (the socket every server inherits).
    public var host = "127.0.0.1"
    public var port = 8080
    /// The server's flags as the user gave them.
    public var serverArguments: [String] = []
    /// Whether the user's flags already name a state file and a public folder.
    public var hasStateFile = false
    public var hasPublicFolder = false
    /// Polls file times instead of using inotify.
    public var polling = false
    /// How long the files must be quiet before a burst of changes is acted on.
    public var settleDelay: Duration = .milliseconds(80)
    /// Stops the supervisor (as `SIGTERM` does) once the process that started it is gone, so that it and
    /// its server do not outlive, say, a test run that was killed.
    public var exitsWithParent = false

    /// - Parameter product: The server's product: `preview-server` here, `preview` in a package of your own.
    public init(root: String, release: Bool = false, product: String = "preview-server") {
        self.root = root
        let mode = release ? "release" : "debug"
        self.buildCommand = "swift build --product \(product)" + (release ? " -c release" : "")
        self.binary = root + "/.build/\(mode)/\(product)"
    }

    /// Where the supervisor keeps its files: the copies of the binaries it runs, and the state file.
    public var workFolder: String { root + "/.build/dev" }

    /// The state file the servers share, unless the user named one.
    public var stateFile: String { workFolder + "/state.sqlite3" }
}
