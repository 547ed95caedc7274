import Basics
import DevSupervisor
import HTTPCore
import PreviewApp

#if canImport(Glibc)
    import Glibc
#endif

// A thin executable: read the command line, run the supervisor. Flags it does not know are the server's,
// checked here with the server's own parser so that a mistake shows at once.

let usage = """
    Usage: preview-dev [--release] [--root DIR] [--product NAME] [--watch DIR] [--build-command CMD]
                       [--binary PATH] [--poll] [--exit-with-parent] [server options]

    Runs the preview server for development (scripts/dev): rebuilds it when Sources/ or Package.swift
    change and swaps it on the same port without refusing a connection, keeping the likes (a state database
    under .build/dev unless --state is given) and the simulation settings; tells the pages to swap a
    changed stylesheet in place, to reload after other changes, and shows build errors in the page.

      --release            build and run the release configuration
      --root DIR           the package to build and watch (default: the current folder)
      --product NAME       the server's product there (default preview-server; preview in a package of
                           your own made by scripts/new-package)
      --watch DIR          also watch DIR's Sources/, Public/ and Package.swift (repeatable): the kit's
                           checkout, for a package that depends on it by path
      --build-command CMD  how to build (default: swift build --product preview-server [-c release])
      --binary PATH        the server binary the build produces (default: .build/debug/preview-server)
      --poll               watch by polling file times instead of inotify
      --exit-with-parent   stop (as on SIGTERM) once the process that started preview-dev is gone
      --help               show this help

    Every other option is the server's (preview-server --help); --host and --port are where the
    supervisor listens.
    """

var release = false
var root: String?
var buildCommand: String?
var binary: String?
var product = "preview-server"
var alsoWatched: [String] = []
var polling = false
var exitsWithParent = false
var serverArguments: [String] = []
var arguments = Array(CommandLine.arguments.dropFirst())[...]
@MainActor func fail(_ message: String) -> Never {
    StandardError.write("preview-dev: \(message)\n\n\(usage)\n")
    exit(2)
}
@MainActor func value(_ flag: String) -> String {
    guard let next = arguments.popFirst(), !next.isEmpty else { fail("\(flag) needs a value") }
    return next
}
while let argument = arguments.popFirst() {
    switch argument {
    case "--help":
        StandardOutput.write(usage + "\n")
        exit(0)
    case "--release": release = true
    case "--root": root = value(argument)
    case "--product": product = value(argument)
    case "--watch": alsoWatched.append(value(argument))
    case "--build-command": buildCommand = value(argument)
    case "--binary": binary = value(argument)
    case "--poll": polling = true
    case "--exit-with-parent": exitsWithParent = true
    default: serverArguments.append(argument)
    }
}

let options: PreviewOptions
do {
    guard
        case .serve(let parsed) = try PreviewOptions.parse(
            serverArguments, environmentPort: getenv("PORT").map { String(cString: $0) })
    else { fail("--help, --version and render are the server's commands; run preview-server for them") }
    options = parsed
} catch {
    fail(error.message)
}

var directory = [CChar](repeating: 0, count: Int(PATH_MAX))
let workingDirectory = getcwd(&directory, directory.count).map { String(cString: $0) } ?? "."
var packageRoot = root ?? workingDirectory
if !packageRoot.hasPrefix("/") { packageRoot = workingDirectory + "/" + packageRoot }
var configuration = SupervisorConfiguration(root: packageRoot, release: release, product: product)
configuration.alsoWatched = alsoWatched.map { $0.hasPrefix("/") ? $0 : workingDirectory + "/" + $0 }
if let buildCommand { configuration.buildCommand = buildCommand }
if let binary { configuration.binary = binary.hasPrefix("/") ? binary : workingDirectory + "/" + binary }
configuration.host = options.server.host
configuration.port = options.server.port
configuration.serverArguments = serverArguments
configuration.hasStateFile = options.stateFile != nil
configuration.hasPublicFolder = serverArguments.contains { $0 == "--public" || $0.hasPrefix("--public=") }
configuration.polling = polling
configuration.exitsWithParent = exitsWithParent

do {
    let supervisor = try Supervisor(configuration: configuration)
    exit(supervisor.run())
} catch {
    StandardError.write("preview-dev: \(error.message)\n")
    exit(1)
}
