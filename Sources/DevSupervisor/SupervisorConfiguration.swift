/// What the dev supervisor runs and watches.
package struct SupervisorConfiguration: Sendable {
    /// The package root: where the build runs and what is watched.
    package var root: String
    /// Other package roots whose `Sources/`, `Public/` and `Package.swift` are watched too: the kit's
    /// checkout, for a package of your own that depends on it by path (`scripts/dev --package`).
    package var alsoWatched: [String] = []
    /// The shell command that builds the server (run with `/bin/sh -c` in `root`).
    package var buildCommand: String
    /// The server binary the build produces.
    package var binary: String
    /// The address and port to listen on (the socket every server inherits).
    package var host = "127.0.0.1"
    package var port = 8080
    /// The server's flags as the user gave them.
    package var serverArguments: [String] = []
    /// Whether the user's flags already name a state file and a public folder.
    package var hasStateFile = false
    package var hasPublicFolder = false
    /// Polls file times instead of using inotify.
    package var polling = false
    /// How long the files must be quiet before a burst of changes is acted on.
    package var settleDelay: Duration = .milliseconds(80)
    /// Stops the supervisor (as `SIGTERM` does) once the process that started it is gone, so that it and
    /// its server do not outlive, say, a test run that was killed.
    package var exitsWithParent = false

    /// - Parameter product: The server's product: `preview-server` here, `preview` in a package of your own.
    package init(root: String, release: Bool = false, product: String = "preview-server") {
        self.root = root
        let mode = release ? "release" : "debug"
        self.buildCommand = "swift build --product \(product)" + (release ? " -c release" : "")
        self.binary = root + "/.build/\(mode)/\(product)"
    }

    /// Where the supervisor keeps its files: the copies of the binaries it runs, and the state file.
    package var workFolder: String { root + "/.build/dev" }

    /// The state file the servers share, unless the user named one.
    package var stateFile: String { workFolder + "/state.sqlite3" }
}
