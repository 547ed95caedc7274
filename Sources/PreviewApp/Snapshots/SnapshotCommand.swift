import Basics
import Components
import Dispatch
import HTTPCore
import Pictures
import Synchronization

/// `preview snapshots [--update] [--component NAME] [--junit FILE] [--tolerance N] [--baselines DIR]
/// [--out DIR]`: takes a picture of every variant of every registered component in every mode (a phone's
/// and a desktop's width, light and dark) with Debian's headless Chromium, from the app served in this
/// process on a loopback port, and compares each with its baseline in `Snapshots/`. Prints a line per
/// picture that differs or is new and a summary; writes the current picture and a diff (the changed
/// pixels marked over the faded baseline) under `.build/snapshots/`. Exits 0 when every picture matches,
/// 1 when one differs or has no baseline, 2 on bad input (an unknown component, no Chromium, a folder that
/// cannot be written), with nothing written then. `--update` writes the pictures that differ or are new
/// as the baselines and exits 0.
package enum SnapshotCommand {
    package struct Options: Sendable, Equatable {
        package var update = false
        package var component: String?
        package var junit: String?
        /// How much a channel may differ before a pixel counts as changed (0: exactly).
        package var tolerance: UInt8 = 0
        /// The baselines, committed to git.
        package var baselines = "Snapshots"
        /// The current pictures and the diffs of the last run.
        package var output = ".build/snapshots"
        /// Chromium's path; the one on `PATH` when `nil`.
        package var chromium: String?
        /// How many browsers shoot at once.
        package var browsers = 2

        package init() {}

        /// The baselines and the output, as the review page reads them.
        var folders: SnapshotFolders {
            var folders = SnapshotFolders()
            folders.baselines = baselines
            folders.output = output
            return folders
        }

        static func parse(_ arguments: [String]) throws(UsageError) -> Options {
            var options = Options()
            var remaining = arguments[...]
            let valued = ["--component", "--junit", "--tolerance", "--baselines", "--out", "--chromium", "--browsers"]
            while let argument = remaining.popFirst() {
                if argument == "--update" {
                    options.update = true
                    continue
                }
                var name = argument
                var value: String?
                if let equals = argument.firstIndex(of: "=") {
                    name = String(argument[..<equals])
                    value = String(argument[argument.index(after: equals)...])
                }
                guard valued.contains(name) else {
                    throw UsageError(
                        message: "snapshots takes --update, --component NAME, --junit FILE, --tolerance N, "
                            + "--baselines DIR, --out DIR, --chromium PATH and --browsers N; got \(argument)")
                }
                guard let given = value ?? remaining.popFirst(), !given.isEmpty else {
                    throw UsageError(message: "\(name) needs a value")
                }
                switch name {
                case "--component": options.component = given
                case "--junit": options.junit = given
                case "--tolerance":
                    guard let tolerance = UInt8(given) else {
                        throw UsageError(message: "--tolerance must be a whole number from 0 to 255, got \(given)")
                    }
                    options.tolerance = tolerance
                case "--baselines": options.baselines = given
                case "--out": options.output = given
                case "--chromium": options.chromium = given
                default:
                    guard let browsers = Int(given), (1...8).contains(browsers) else {
                        throw UsageError(message: "--browsers must be a whole number from 1 to 8, got \(given)")
                    }
                    options.browsers = browsers
                }
            }
            return options
        }
    }

    /// Runs the command over the modules `components` makes; returns the exit status.
    package static func run(
        _ options: Options, service: (any ComponentService)? = nil,
        components: (ComponentContext) -> [any ComponentModule],
        output: @escaping @Sendable (String) -> Void = { StandardOutput.write($0) }
    ) -> Int32 {
        let started = ContinuousClock.now
        var appOptions = PreviewOptions()
        appOptions.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0, seed: 1)
        appOptions.docsFolder = nil
        let app: Application
        do {
            app = try Application(options: appOptions, service: service, components: components)
        } catch {
            output("snapshots: \(error.message)\n")
            return 2
        }
        let catalog = ComponentCatalog(modules: app.modules)
        if let wanted = options.component, !catalog.names.contains(wanted) {
            output("snapshots: there is no component \(wanted) (there are: \(catalog.names.joined(separator: ", ")))\n")
            return 2
        }
        for folder in [options.output] + (options.update ? [options.baselines] : []) {
            if let problem = SnapshotFiles.problemWriting(in: folder) {
                output("snapshots: \(problem), so nothing was written\n")
                return 2
            }
        }
        let snapshots = Snapshot.all(in: catalog, states: app.variantStates, component: options.component)
        // The first browser now: without one, nothing is shot and nothing written.
        let first: HeadlessChromium
        do {
            first = try HeadlessChromium(executable: options.chromium)
        } catch {
            output("snapshots: \(error.message)\n")
            return 2
        }
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = 2
        configuration.accessLog = false
        let server: HTTPServer
        do {
            server = try app.startServer(configuration)
        } catch {
            first.close()
            output("snapshots: \(error.message)\n")
            return 2
        }
        let shots = shoot(
            snapshots, at: "http://127.0.0.1:\(server.port)", first: first, browsers: options.browsers,
            chromium: options.chromium)
        server.shutdown(gracePeriod: .seconds(5))
        guard case .success(let pictures) = shots else {
            if case .failure(let failure) = shots { output("snapshots: \(failure.message)\n") }
            return 2
        }
        return report(
            snapshots, pictures, options, seconds: (ContinuousClock.now - started).wholeMilliseconds, output: output)
    }

    /// Takes every picture, `browsers` pages at a time, each browser on a thread of its own; the modes of
    /// one page (one path) are taken from one load of it.
    private static func shoot(
        _ snapshots: [Snapshot], at base: String, first: sending HeadlessChromium, browsers: Int, chromium: String?
    ) -> Result<[(Picture, Int)], HeadlessChromium.Failure> {
        let next = Atomic<Int>(0)
        let taken = Mutex<[Int: (Picture, Int)]>([:])
        let failure = Mutex<HeadlessChromium.Failure?>(nil)
        let firstBrowser = Mutex<HeadlessChromium?>(first)
        // Runs of pictures of one path, each taken from one load of the page.
        var runs: [Range<Int>] = []
        var start = 0
        for index in snapshots.indices.dropFirst() where snapshots[index].path != snapshots[start].path {
            runs.append(start..<index)
            start = index
        }
        if !snapshots.isEmpty { runs.append(start..<snapshots.count) }
        let pages = runs
        let workers = max(1, min(browsers, pages.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let browser: HeadlessChromium
            if let given = firstBrowser.withLock({ $0.take() }) {
                browser = given
            } else {
                do throws(HeadlessChromium.Failure) {
                    browser = try HeadlessChromium(executable: chromium)
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    return
                }
            }
            defer { browser.close() }
            while failure.withLock({ $0 == nil }) {
                let page = next.add(1, ordering: .relaxed).oldValue
                guard page < pages.count else { break }
                let indices = pages[page]
                let began = ContinuousClock.now
                do throws(HeadlessChromium.Failure) {
                    let pictures = try browser.shoot(
                        base + snapshots[indices.lowerBound].path,
                        in: indices.map { (snapshots[$0].mode.width, snapshots[$0].mode.scheme) })
                    // Each picture's share of the page's time, for the JUnit report.
                    let milliseconds = (ContinuousClock.now - began).wholeMilliseconds / max(1, indices.count)
                    taken.withLock {
                        for (index, picture) in zip(indices, pictures) { $0[index] = (picture, milliseconds) }
                    }
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
            }
        }
        if let failure = failure.withLock({ $0 }) { return .failure(failure) }
        let pictures = taken.withLock { $0 }
        return .success(snapshots.indices.map { pictures[$0]! })
    }

    /// Compares, writes what differs, prints the lines and the summary, and writes the JUnit report.
    private static func report(
        _ snapshots: [Snapshot], _ pictures: [(Picture, Int)], _ options: Options, seconds milliseconds: Int,
        output: (String) -> Void
    ) -> Int32 {
        var results: [SnapshotResult] = []
        var written = 0
        for (snapshot, (picture, took)) in zip(snapshots, pictures) {
            let baselinePath = options.folders.baseline(snapshot)
            let currentPath = options.folders.current(snapshot)
            let diffPath = options.folders.diff(snapshot)
            let verdict: SnapshotResult.Verdict
            if let bytes = SnapshotFiles.read(baselinePath), let baseline = try? Picture(png: bytes) {
                let difference = picture.difference(from: baseline, tolerance: options.tolerance)
                verdict = difference == .none ? .matches : .differs(difference)
            } else {
                verdict = .new
            }
            let result = SnapshotResult(snapshot: snapshot, verdict: verdict, milliseconds: took)
            results.append(result)
            SnapshotFiles.remove(currentPath)
            SnapshotFiles.remove(diffPath)
            guard result.fails else { continue }
            guard let png = try? picture.png() else {
                output("snapshots: cannot encode the picture of \(snapshot.name)\n")
                return 2
            }
            if options.update {
                guard SnapshotFiles.write(png, to: baselinePath) else {
                    output("snapshots: cannot write \(baselinePath)\n")
                    return 2
                }
                written += 1
                output("updated  \(snapshot.name): \(result.what)\n")
                continue
            }
            guard SnapshotFiles.write(png, to: currentPath) else {
                output("snapshots: cannot write \(currentPath)\n")
                return 2
            }
            var line = "\(verdict == .new ? "new     " : "differs ") \(snapshot.name): \(result.what) (\(currentPath)"
            if case .differs(.pixels(_, let marked)) = verdict, let diff = try? marked.png(),
                SnapshotFiles.write(diff, to: diffPath)
            {
                line += ", diff \(diffPath)"
            }
            output(line + ")\n")
        }
        let differing = results.count { if case .differs = $0.verdict { true } else { false } }
        let new = results.count { $0.verdict == .new }
        var summary =
            "snapshots: \(results.count) pictures in \(JUnitReport.seconds(milliseconds)) s: "
            + "\(results.count - differing - new) match, \(differing) differ, \(new) new"
        if options.update { summary += "; \(written) baselines written to \(options.baselines)/" }
        output(summary + "\n")
        if let junit = options.junit {
            let report = JUnitReport(
                name: "snapshots",
                cases: results.map { result in
                    JUnitReport.Case(
                        group: result.snapshot.component,
                        name: "\(result.snapshot.variant).\(result.snapshot.state).\(result.snapshot.mode.name)",
                        milliseconds: result.milliseconds,
                        failure: result.fails && !options.update ? (result.what, result.snapshot.path) : nil)
                })
            guard ScenarioCommand.write(report.xml, to: junit) else {
                output("snapshots: cannot write \(junit)\n")
                return 2
            }
        }
        return options.update || (differing == 0 && new == 0) ? 0 : 1
    }
}
