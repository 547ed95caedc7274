import Basics
import Components
import HTTPCore
import HTTPTesting
import PreviewApp

/// The kit's promise that nothing kept is ever stale, checked for any set of modules: every example tap
/// of every registered component (`ComponentModule.exampleTaps`), committed and rolled back, with and
/// without `HX-Request`, is sent to an app that keeps rendered pages and fragments and to one that
/// renders every request (`--render-cache off`). After each, both must answer every page, fragment and
/// state endpoint byte for byte alike.
///
/// ```swift
/// @Test func keptPagesAreNeverStale() async throws {
///     #expect(try await RenderCacheCheck.differences { MyComponents.modules($0) } == [])
/// }
/// ```
public enum RenderCacheCheck {
    /// The viewer who taps, one who watches, and a new viewer (no cookie).
    static let viewers: [String?] = ["cachechecktapper", "cachecheckwatcher", nil]

    /// What differs between the two apps, one line for each answer after each step; empty when they agree.
    ///
    /// - Parameters:
    ///   - options: The apps' options (the render cache and the simulation are set by the check).
    ///   - components: The modules to register, as the app under test registers them.
    public static func differences(
        options: PreviewOptions = PreviewOptions(),
        components: @escaping (ComponentContext) -> [any ComponentModule]
    ) async throws -> [String] {
        var options = options.forChecks
        options.renderCache = true
        // One clock for both: what is stamped with the time (a comment) is the same in each.
        let clock: @Sendable () -> Timestamp = { Timestamp(millisecondsSince1970: 1_795_000_000_000) }
        let kept = try Application(options: options, clock: clock, components: components)
        options.renderCache = false
        let fresh = try Application(options: options, clock: clock, components: components)
        let targets = Self.targets(of: kept)
        var differences: [String] = []

        func compare(after step: String) async throws {
            for target in targets {
                for viewer in viewers {
                    // Twice: the second answer comes from what the first kept.
                    for round in 0..<2 {
                        let answers = try await [kept, fresh].asyncMap { app in
                            try await app.responder.test(.get, target, headers: headers(viewer))
                        }
                        if answers[0].status != answers[1].status || answers[0].body != answers[1].body {
                            differences.append(
                                "after \(step): GET \(target) as \(viewer ?? "a new viewer") (round \(round + 1)) "
                                    + "answers \(answers[0].status.code) with kept pages, \(answers[1].status.code) "
                                    + "rendering every request, with other bytes")
                        }
                    }
                }
            }
        }

        try await compare(after: "the start")
        for module in kept.modules {
            for tap in module.checkedTaps {
                for outcome in ["never", "always"] {
                    for fragment in [false, true] {
                        var extra = ["X-Simulate-Failure": outcome]
                        if fragment { extra["HX-Request"] = "true" }
                        let step =
                            "POST \(tap.path) \(tap.body) (\(outcome == "never" ? "committed" : "rolled back")"
                            + (fragment ? ", HX-Request" : "") + ")"
                        // The answer itself too: a kept fragment must be the bytes of a fresh render.
                        let answers = try await [kept, fresh].asyncMap { app in
                            try await app.responder.test(
                                .post, tap.path, headers: headers(viewers[0], extra), body: tap.body)
                        }
                        if answers[0].status != answers[1].status || answers[0].body != answers[1].body {
                            differences.append(
                                "\(step): \(answers[0].status.code) with kept pages, \(answers[1].status.code) "
                                    + "without" + (answers[0].body != answers[1].body ? ", and other bytes" : ""))
                        }
                        try await compare(after: step)
                    }
                }
            }
        }
        for app in [kept, fresh] {
            _ = try await app.responder.test(.post, "/reset", headers: headers(viewers[0]))
        }
        try await compare(after: "POST /reset")
        return differences
    }

    /// Everything that may be kept: each module's pages and navigation, each variant's fragment, each
    /// example tap's state endpoint, and the gallery's index of them.
    static func targets(of app: Application) -> [String] {
        var targets: [String] = []
        for module in app.modules {
            targets += (module.pages + module.navigation).map(\.path)
            if let preview = module.preview {
                for variant in preview.variants {
                    var query = FormFields()
                    for (name, value) in variant.parameters {
                        query.append(name, value)
                    }
                    targets.append("/components/\(preview.name)/fragment?\(query.encoded)")
                }
                if module.keptState != nil {
                    for tap in module.checkedTaps {
                        targets.append(
                            "/components/\(preview.name)/state/\(PercentEncoding.encodePathSegment(tap.target))")
                    }
                }
            }
        }
        var seen: Set<String> = []
        return targets.filter { seen.insert($0).inserted }
    }

    private static func headers(_ viewer: String?, _ extra: [String: String] = [:]) -> HTTPHeaders {
        var headers = HTTPHeaders()
        if let viewer {
            headers["Cookie"] = "\(Viewer.cookieName)=\(viewer)"
        }
        for (name, value) in extra {
            headers[name] = value
        }
        return headers
    }
}

extension Array {
    /// `map` with an async transform, one element after the other.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        results.reserveCapacity(count)
        for element in self {
            results.append(try await transform(element))
        }
        return results
    }
}
