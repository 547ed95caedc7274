import Components
import Demo
import Foundation
import HTTPCore
import PreviewApp

/// Paths of the package, found from this file's location.
enum PackagePaths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let publicFolder = root + "/Public"

    /// The server binary built next to the test bundle (same configuration and sanitizer).
    static var serverBinary: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        for candidate in [bundle + "/preview-server", root + "/.build/debug/preview-server"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return bundle + "/preview-server"
    }
}

/// An app with the demo data, the real Public folder, and a fast, deterministic simulation.
func makeApp(
    latency: Int = 0, failureRate: Double = 0, seed: UInt64 = 7, service: (any ComponentService)? = nil
)
    -> Application
{
    // Without a state file there is nothing that can fail.
    try! Application(
        options: testOptions(latency: latency, failureRate: failureRate, seed: seed), service: service)
}

/// The same app, keeping its state in `stateFile`.
///
/// - Throws: `ServerError` when the file is damaged or not ours.
func makeApp(stateFile: String) throws -> Application {
    var options = testOptions()
    options.stateFile = stateFile
    return try Application(options: options)
}

private func testOptions(latency: Int = 0, failureRate: Double = 0, seed: UInt64 = 7) -> PreviewOptions {
    var options = PreviewOptions()
    options.publicFolder = PackagePaths.publicFolder
    options.docsFolder = nil  // whether scripts/docs ran in this checkout changes nothing here (DocsRoutesTests)
    options.simulation = SimulationSettings(latencyMilliseconds: latency, failureRate: failureRate, seed: seed)
    return options
}

extension Application {
    /// The app with the demo's modules, as `preview-server` runs it.
    convenience init(options: PreviewOptions, service: (any ComponentService)? = nil) throws(ServerError) {
        try self.init(options: options, service: service) { Demo.modules($0) }
    }

    /// The demo's likes and follows.
    var likes: ToggleStore { state(named: "like") as! ToggleStore }
    var follows: ToggleStore { state(named: "follow") as! ToggleStore }
    var fixtures: Fixtures { .demo }
}

extension ComponentCatalog {
    /// The demo's components, as `preview-server` registers them.
    static let demo = ComponentCatalog(modules: Demo.modules(ComponentContext()))
}

extension HTTPHeaders {
    /// Headers for a viewer with a fixed cookie.
    static func viewer(_ id: String, _ extra: [String: String] = [:]) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers["Cookie"] = "viewer=\(id)"
        for (name, value) in extra { headers[name] = value }
        return headers
    }
}

/// Counts non-overlapping occurrences of `needle`.
func occurrences(of needle: String, in haystack: String) -> Int {
    haystack.components(separatedBy: needle).count - 1
}

/// Renders fragments the way `preview-server render` does.
enum PreviewAppFragments {
    static func render(_ component: String, _ parameters: [(name: String, value: String)]) throws -> String {
        String(
            decoding: try FragmentRenderer.render(component: component, parameters: parameters, catalog: .demo),
            as: UTF8.self)
    }
}

/// A golden file's contents, from `Tests/PreviewAppTests/Snapshots/` (`like/unliked-0-likes.html`).
func goldenFile(_ name: String) throws -> String {
    try String(contentsOfFile: SnapshotTests.folder + "/" + name, encoding: .utf8)
}
