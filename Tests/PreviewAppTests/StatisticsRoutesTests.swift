import Components
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// `GET /stats` counts what the caches did: a page rendered, then kept for another request of the same
/// viewer, then stale after a change it shows; the same request answered again by the HTTP core.
@Suite struct StatisticsRoutesTests {
    private func stats(_ port: Int) throws -> JSONValue {
        let response = try RawConnection(port: port).request("/stats")
        #expect(response.statusCode == 200)
        #expect(response.headers["Set-Cookie"] == nil, "no viewer is minted for it")
        return try JSONValue(parsing: response.body)
    }

    /// The demo app, its service answering at once and never failing.
    private static func app() throws -> Application {
        var options = PreviewOptions()
        options.publicFolder = PackagePaths.publicFolder
        options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0, seed: 1)
        return try Application(options: options)
    }

    @Test func itCountsKeptPagesAndResponsesSentAgain() async throws {
        let app = try Self.app()
        try await withLiveServer(responder: app.responder) { server in
            app.reportStatistics(of: server)
            let port = server.port
            let start = try await offThePool { try self.stats(port) }
            #expect(start["/renderCache/pages/misses"] == .int(0))
            #expect(start["/renderCache/pages/refreshed"] == .int(0))
            #expect(start["/renderCache/fragments/piecesRendered"] == .int(0))
            #expect(start["/reuse/sameRequest/served"] == .int(0))
            let carol = ["Cookie: viewer=vcarol"]
            try await offThePool {
                let connection = try RawConnection(port: port)
                _ = try connection.request("/posts/p1", headers: carol)  // rendered
                _ = try connection.request("/posts/p1", headers: carol)  // the kept page, its answer kept
                _ = try connection.request("/posts/p1", headers: carol)  // the same bytes: sent again
                _ = try connection.request("/posts/p1", headers: carol + ["Accept: text/html"])  // the kept page
            }
            let after = try await offThePool { try self.stats(port) }
            #expect(after["/renderCache/pages/misses"] == .int(1))
            #expect(after["/renderCache/pages/hits"] == .int(2))
            #expect(after["/renderCache/pages/kept"] == .int(1))
            #expect(after["/reuse/sameRequest/served"] == .int(1))
            #expect(after["/reuse/sameHeaders/held"] == .int(0), "no bodiless answer yet")
            let tap = try await TestClient(server).post(
                "/components/like/tap", form: "post=p1&liked=true", headers: ["Cookie": "viewer=valice"])
            #expect(tap.status.code == 303)
            try await offThePool { _ = try RawConnection(port: port).request("/posts/p1", headers: carol) }
            let stale = try await offThePool { try self.stats(port) }
            #expect(stale["/renderCache/pages/misses"] == .int(1), "the page around the like is kept")
            #expect(stale["/renderCache/pages/refreshed"] == .int(1), "the like on p1 shows on its page")
            #expect(stale["/renderCache/pages/piecesRendered"] == .int(1), "in its cell's like button alone")
            #expect(stale["/reuse/sameHeaders/held"] == .int(1), "the tap's redirect, held for the next")
            #expect(stale["/reuse/sameAnswer/served"] == .int(0))
            // Taps with script: unlike, like, unlike, like. Each answer's fragment is kept by the state it
            // shows; the third and fourth are the first two again, sent as the responses made for them.
            var bodies: [[UInt8]] = []
            for liked in ["false", "true", "false", "true"] {
                let answer = try await TestClient(server).post(
                    "/components/like/tap", form: "post=p1&liked=\(liked)",
                    headers: ["Cookie": "viewer=valice", "HX-Request": "true"])
                #expect(answer.status.code == 200)
                bodies.append(answer.body)
            }
            #expect(bodies[0] != bodies[1])
            #expect(bodies[2] == bodies[0] && bodies[3] == bodies[1])
            let tapped = try await offThePool { try self.stats(port) }
            #expect(tapped["/reuse/sameAnswer/served"] == .int(2))
        }
    }

    /// The caches in `stats`, by name.
    /// A gallery fragment is one for every returning viewer: asked again by another, it is the response
    /// made for it before (`KeptBody`), byte for byte; a first visit's sets a cookie and gets its own.
    @Test func aFragmentAskedAgainByAnotherViewerIsTheResponseSentBefore() async throws {
        let app = try Self.app()
        try await withLiveServer(responder: app.responder) { server in
            app.reportStatistics(of: server)
            let port = server.port
            let path = "/components/like/fragment?post=p1&liked=false&count=7"
            let answers = try await offThePool { () -> [RawConnection.Response] in
                let connection = try RawConnection(port: port)
                return try ["vcarol", "vdave", "verin", nil, "vfrank"].map { viewer in
                    try connection.request(path, headers: viewer.map { ["Cookie: viewer=\($0)"] } ?? [])
                }
            }
            #expect(answers.allSatisfy { $0.statusCode == 200 && $0.bodyText == answers[0].bodyText })
            #expect(answers[3].headers["Set-Cookie"] != nil && answers[4].headers["Set-Cookie"] == nil)
            let after = try await offThePool { try self.stats(port) }
            #expect(
                after["/renderCache/fragments/misses"] == .int(1) && after["/renderCache/fragments/hits"] == .int(4))
            #expect(after["/reuse/sameAnswer/served"] == .int(3), "dave's, erin's and frank's: not the first visit's")
        }
    }

    private func caches(_ stats: JSONValue) -> [String: JSONValue] {
        guard case .array(let caches) = stats["/caches"] else { return [:] }
        var byName: [String: JSONValue] = [:]
        for cache in caches {
            if case .string(let name) = cache["/name"] {
                #expect(byName[name] == nil, "\(name) is listed once")
                byName[name] = cache
            }
        }
        return byName
    }

    private func int(_ value: JSONValue?) -> Int {
        if case .int(let int) = value { return int }
        return -1
    }

    @Test func everyCacheIsListedWithItsBytesWithinItsBoundAndTheirSum() async throws {
        for renderCache in [true, false] {
            var options = PreviewOptions()
            options.publicFolder = PackagePaths.publicFolder
            options.renderCache = renderCache
            options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0, seed: 1)
            let app = try Application(options: options)
            try await withLiveServer(responder: app.responder) { server in
                app.reportStatistics(of: server)
                let port = server.port
                try await offThePool {
                    let connection = try RawConnection(port: port)
                    for path in [
                        "/feed", "/feed", "/feed", "/posts/p2", "/public/app.css", "/components/like/fragment",
                    ] {
                        _ = try connection.request(path, headers: ["Cookie: viewer=vcarol"])
                    }
                }
                let stats = try await offThePool { try self.stats(port) }
                let caches = caches(stats)
                // Renders kept by the app (none with `--render-cache off`), and the rest: files, answers sent
                // again, and what the components' definitions keep (pure functions of their inputs).
                let renders = ["pages", "fragments", "cells", "chrome", "answers/like", "answers/follow"]
                let always = [
                    "files/public", "reuse/same-request", "reuse/same-headers", "roots/like", "roots/follow",
                    "roots/comment", "held", "comments",
                ]
                for name in always + renders {
                    #expect((caches[name] != nil) == (renderCache || always.contains(name)), "\(name)")
                }
                var kept = 0
                var bound = 0
                for (name, cache) in caches {
                    let (bytes, byteCapacity) = (int(cache["/bytes"]), int(cache["/byteCapacity"]))
                    #expect(bytes >= 0 && bytes <= byteCapacity, "\(name): \(bytes) of \(byteCapacity)")
                    #expect(int(cache["/kept"]) <= int(cache["/capacity"]), "\(name)")
                    kept += bytes
                    bound += byteCapacity
                }
                #expect(int(stats["/cacheBytes/kept"]) == kept && int(stats["/cacheBytes/bound"]) == bound)
                #expect(int(caches["files/public"]?["/bytes"]) > 0, "app.css, kept")
                if renderCache {
                    #expect(int(caches["pages"]?["/bytes"]) > 10_000, "the feed and a post's page")
                    #expect(int(caches["pages"]?["/hits"]) == 1, "the second feed; the third is sent again")
                    #expect(int(caches["roots/like"]?["/kept"]) > 0)
                }
            }
        }
    }
}
