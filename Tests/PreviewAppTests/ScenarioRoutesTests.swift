import Basics
import ComponentTesting
import Components
import Demo
import Foundation
import FoundationXML
import HTML
import HTTPCore
import HTTPTesting
import Synchronization
import Testing

@testable import PreviewApp

/// Every component's stories as tests over HTTP: listed, run on the server against itself, run from the
/// command line against a live server, and shown to catch a broken handler.
@Suite struct ScenarioRoutesTests {
    private func json(_ response: HTTPResponse) throws -> JSONValue {
        try JSONValue(parsing: response.body)
    }

    private func ids(_ app: Application, _ component: String) async throws -> [String] {
        let listing = try json(try await app.responder.test(.get, "/components/\(component)/scenarios"))
        guard case .array(let scenarios)? = listing["/scenarios"] else { return [] }
        return scenarios.compactMap { if case .string(let id)? = $0["/id"] { id } else { nil } }
    }

    @Test func everyDemoScenarioPassesOnTheServerAgainstItself() async throws {
        let app = makeApp(latency: 5, failureRate: 0.5)  // the scenarios force what they need
        var counts: [String: Int] = [:]
        for component in ["avatar", "like", "follow", "comment"] {
            for id in try await ids(app, component) {
                let report = try json(
                    try await app.responder.test(.post, "/components/\(component)/scenarios/\(id)/run"))
                #expect(
                    report["/passed"] == .bool(true), "\(component)/\(id): \(report["/failure"].map { "\($0)" } ?? "")")
                counts[component, default: 0] += 1
            }
        }
        #expect(counts == ["avatar": 2, "like": 5, "follow": 5, "comment": 4])
    }

    @Test func theListingAndTheReportHaveTheDocumentedShape() async throws {
        let app = makeApp()
        let listing = try json(try await app.responder.test(.get, "/components/like/scenarios"))
        #expect(listing["/component"] == .string("like"))
        #expect(listing["/scenarios/0/id"] == .string("a-tap-commits"))
        #expect(listing["/scenarios/0/run"] == .string("/components/like/scenarios/a-tap-commits/run"))
        #expect(listing["/scenarios/0/steps/0/request/method"] == .string("POST"))
        #expect(listing["/scenarios/0/steps/0/request/path"] == .string("/components/like/tap"))
        #expect(listing["/scenarios/0/steps/0/request/headers/HX-Request"] == .string("true"))
        #expect(listing["/scenarios/0/steps/0/request/body"] == .string("post=p1&liked=true"))
        #expect(listing["/scenarios/0/steps/0/expect/0/status"] == .int(200))
        #expect(listing["/scenarios/3/steps/1/alongsidePrevious"] == .bool(true))

        let report = try json(try await app.responder.test(.post, "/components/like/scenarios/a-tap-commits/run"))
        for key in ["/component", "/scenario", "/name", "/viewer", "/passed", "/milliseconds", "/failure", "/steps"] {
            #expect(report[key] != nil, "the report has \(key)")
        }
        guard case .string(let viewer)? = report["/viewer"] else { return }
        #expect(viewer.count == 17 && viewer.hasPrefix("v"), "a fresh viewer, as the server mints them")
        #expect(report["/steps/0/request/headers/Cookie"] == .string("viewer=" + viewer))
        #expect(report["/steps/0/response/status"] == .int(200))
        #expect(report["/steps/0/passed"] == .bool(true) && report["/steps/0/failures"] == .array([]))

        let catalogue = try json(try await app.responder.test(.get, "/components.json"))
        #expect(catalogue["/components/0/scenarios"] == .string("/components/avatar/scenarios"))
        let missing = try await app.responder.test(.post, "/components/like/scenarios/no-such/run")
        #expect(missing.status == .notFound)
        #expect(try json(missing)["/error"] != nil, "in JSON, as the state endpoints")
        let openAPI = try json(try await app.responder.test(.get, "/openapi.json"))
        #expect(openAPI["/paths/~1components~1like~1scenarios/get"] != nil)
        #expect(openAPI["/paths/~1components~1comment~1scenarios~1{id}~1run/post"] != nil)
    }

    /// A like button whose handler ignores the forced failure commits when it should roll back: the
    /// scenario fails and names the step.
    @Test func theRunnerCatchesAHandlerThatCommitsWhenItShouldRollBack() async throws {
        let app = makeApp(service: AlwaysSaves())
        let report = try json(
            try await app.responder.test(.post, "/components/like/scenarios/a-tap-that-fails-rolls-back/run"))
        #expect(report["/passed"] == .bool(false))
        #expect(
            report["/failure"]
                == .string(
                    #"step 1 "Tap, the service failing": status 200, expected 503; "#
                        + #"the body does not hold "Your like couldn't be saved, so it was undone. Please try again.""#)
        )
        #expect(report["/steps/1/passed"] == .bool(false), "the state is on: it committed")
    }

    /// A tap route that answers a forced failure with 303 instead of 503.
    @Test func theRunnerCatchesAHandlerThatRedirectsWhereItShouldAnswer503() async throws {
        let app = try Application(options: PreviewOptions()) { context in [BrokenLike(context: context)] }
        let reports = await LikeButton.toggle.scenarios(target: "p1").asyncMap { scenario in
            await ScenarioRunner.inProcess(app.context.registry).run(scenario, component: "like")
        }
        let rollback = try #require(reports.first { $0.scenario.id == "a-tap-that-fails-rolls-back" })
        #expect(!rollback.passed)
        #expect(rollback.failure?.hasPrefix(#"step 1 "Tap, the service failing": status 303, expected 503"#) == true)
        #expect(reports.allSatisfy { !$0.passed }, "every toggle scenario sees the broken tap")
    }

    @Test func theCommandRunsEveryScenarioAgainstALiveServerAndWritesJUnit() async throws {
        let app = makeApp(latency: 2, failureRate: 0.3)
        let junit = NSTemporaryDirectory() + "scenarios-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: junit) }
        try await withLiveServer(responder: app.responder) { server in
            let lines = Mutex<[String]>([])
            let options = ScenarioCommand.Options(base: "http://127.0.0.1:\(server.port)", junit: junit)
            let status = await ScenarioCommand.runAll(options) { text in lines.withLock { $0.append(text) } }
            let output = lines.withLock { $0.joined() }
            #expect(status == 0, "\(output)")
            let total = app.modules.reduce(0) { $0 + ($1.preview == nil ? 0 : $1.scenarios.count) }
            #expect(total >= 16)
            #expect(output.hasSuffix("\(total) passed, 0 failed\n"), "\(output)")
            #expect(output.contains("passed  comment/a-repeated-key-stores-one-comment ("))
            let one = Mutex<[String]>([])
            let only = ScenarioCommand.Options(base: options.base, component: "avatar")
            #expect(await ScenarioCommand.runAll(only) { text in one.withLock { $0.append(text) } } == 0)
            #expect(one.withLock { $0.last } == "2 passed, 0 failed\n")
            let unknown = ScenarioCommand.Options(base: options.base, component: "nope")
            #expect(await ScenarioCommand.runAll(unknown) { _ in } == 2)
        }
        let document = try #require(JUnitCounts.parse(junit))
        let total = app.modules.reduce(0) { $0 + ($1.preview == nil ? 0 : $1.scenarios.count) }
        #expect(document.testcases == total && document.failures == 0)
        #expect(await ScenarioCommand.runAll(.init(base: "http://127.0.0.1:1")) { _ in } == 2, "no server there")
    }

    @Test func theCommandLineSaysWhatItTakes() throws {
        guard
            case .scenarios(let options) = try PreviewOptions.parse(
                ["scenarios", "--base", "http://localhost:9000/", "--component=like", "--junit", "out.xml"])
        else {
            Issue.record("not the scenarios command")
            return
        }
        #expect(options == ScenarioCommand.Options(base: "http://localhost:9000/", component: "like", junit: "out.xml"))
        for bad in [
            ["scenarios"], ["scenarios", "--base", "https://x"], ["scenarios", "--base"], ["scenarios", "--fast"],
        ] {
            #expect(throws: UsageError.self, "\(bad)") { try PreviewOptions.parse(bad) }
        }
    }

    /// Scenarios run as viewers of their own: alongside a flood of other viewers' taps and sends on the
    /// same targets, every one passes.
    @Test func scenariosRunIsolatedAlongsideOtherTraffic() async throws {
        let app = makeApp(latency: 1, failureRate: 0.3)
        let all = try await ["like", "follow", "comment"].asyncMap { component in
            (component, try await ids(app, component))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in 0..<30 {
                        let viewer = "vother\(worker)x\(index % 7)"
                        _ = try await app.responder.test(
                            .post, "/components/like/tap", headers: .viewer(viewer, ["HX-Request": "true"]),
                            body: "post=p1&liked=\(index % 2 == 0)")
                        // Without script (a 303, no box rendered): the same store, the same turns; a third as
                        // many as taps, so that the thread stays under its 200.
                        guard index % 3 == 0 else { continue }
                        _ = try await app.responder.test(
                            .post, "/components/comment/send", headers: .viewer(viewer),
                            body: "post=p1&text=Other+\(index)&key=other-\(worker)-\(index)")
                    }
                }
            }
            for (component, ids) in all {
                for id in ids {
                    group.addTask {
                        let report = try JSONValue(
                            parsing: try await app.responder.test(
                                .post, "/components/\(component)/scenarios/\(id)/run"
                            ).body)
                        #expect(
                            report["/passed"] == .bool(true),
                            "\(component)/\(id): \(String(describing: report["/failure"]))")
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

/// A service that saves every change, forced failure or not: a broken handler.
private struct AlwaysSaves: ComponentService {
    func send(_ request: ServiceRequest) async throws(ServiceError) {}
}

/// The like button with a broken tap route: every tap is a `303`, whatever happened.
private struct BrokenLike: KindModule {
    let store = ToggleStore(baseCounts: ["p1": 0])
    init(context: ComponentContext) {}
    var preview: ComponentPreview? { LikeButton.preview }
    var state: (any ComponentState)? { store }
    func addRoutes(to routes: inout RouteGroup) {
        routes.post("/components/like/tap") { _ in .redirect(to: "/") }
    }
}

/// The `<testcase>` and `<failure>` elements of a JUnit file, counted by a streaming parse that fails on
/// anything that is not well-formed XML. (Not `XMLDocument`: its XPath nodes leak in this toolchain's
/// FoundationXML, which LeakSanitizer reports.)
private final class JUnitCounts: NSObject, XMLParserDelegate {
    private(set) var testcases = 0
    private(set) var failures = 0

    /// The counts of the file at `path`; `nil` when it cannot be read or is not well-formed.
    static func parse(_ path: String) -> JUnitCounts? {
        guard let parser = XMLParser(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        let counts = JUnitCounts()
        parser.delegate = counts
        return parser.parse() ? counts : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if name == "testcase" { testcases += 1 }
        if name == "failure" { failures += 1 }
    }
}

extension Array where Element: Sendable {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var mapped: [T] = []
        for element in self {
            mapped.append(try await transform(element))
        }
        return mapped
    }
}
