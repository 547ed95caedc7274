import ComponentTesting
import Components
import Foundation
import HTTPCore
import HTTPTesting
import PreviewApp
import Synchronization
import Testing

/// `POST /reset`: the startup state again, for test suites that isolate their tests.
@Suite struct ResetTests {
    /// A like service that holds every request until the test lets it go.
    final class HeldLikeService: ComponentService {
        private let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])

        var heldCount: Int { waiting.withLock { $0.count } }

        func send(_ request: ServiceRequest) async throws(ServiceError) {
            await withCheckedContinuation { continuation in waiting.withLock { $0.append(continuation) } }
        }

        func releaseAll() {
            for continuation in waiting.withLock({ held in
                defer { held = [] }; return held
            }) { continuation.resume() }
        }
    }

    @Test func resetRestoresLikesEventsAndSettings() async throws {
        let app = makeApp(latency: 0, failureRate: 0)
        let viewer = HTTPHeaders.viewer("vreset", ["X-Simulate-Failure": "never"])
        let startup = app.service.settings
        _ = try await app.responder.test(.post, "/components/like/tap", headers: viewer, body: "post=p1&liked=true")
        _ = try await app.responder.test(.post, "/simulation", body: "failure_rate=1&latency_ms=5")
        #expect(app.likes.committed("p1", viewer: "vreset")?.isOn == true)
        #expect(app.events.count == 1)
        #expect(app.service.settings != startup)

        let reset = try await app.responder.test(.post, "/reset", headers: .viewer("vreset"))
        #expect(reset.status.code == 204)
        #expect(reset.body.isEmpty)
        let api = try await app.responder.test(.get, "/api/posts/p1", headers: .viewer("vreset"))
        #expect(api.bodyText == #"{"id":"p1","count":12345,"liked":false,"pending":false}"#)
        #expect(app.events.count == 0)
        #expect(app.service.settings == startup)
        let log = try await app.responder.test(.get, "/events", headers: ["Accept": "application/json"])
        #expect(log.bodyText == "[]")
    }

    @Test func aFormGoesBackAndOtherOriginsAndHostsAreRefused() async throws {
        let app = makeApp()
        app.hostAllowList.port = 8080
        let viewer = HTTPHeaders.viewer("vform", ["X-Simulate-Failure": "never"])
        _ = try await app.responder.test(.post, "/components/like/tap", headers: viewer, body: "post=p2&liked=true")
        let crossSite = try await app.responder.test(
            .post, "/reset", headers: ["Sec-Fetch-Site": "cross-site"], body: "return_to=/")
        #expect(crossSite.status.code == 403)
        let rebound = try await app.responder.test(
            .post, "/reset", headers: ["Host": "rebound.example:8080"], body: "return_to=/")
        #expect(rebound.status.code == 421)
        #expect(app.likes.committed("p2", viewer: "vform")?.isOn == true, "a refused reset changes nothing")

        let form = try await app.responder.test(
            .post, "/reset", headers: ["Sec-Fetch-Site": "same-origin", "Host": "127.0.0.1:8080"],
            body: "return_to=/feed")
        #expect(form.status.code == 303)
        #expect(form.headers["Location"] == "/feed")
        #expect(app.likes.committed("p2", viewer: "vform")?.isOn == false)
        let elsewhere = try await app.responder.test(.post, "/reset", body: "return_to=//evil.example")
        #expect(elsewhere.headers["Location"] == "/")
    }

    @Test func aTapInFlightDuringAResetCommitsNothing() async throws {
        let service = HeldLikeService()
        let app = makeApp(service: service)
        try await withLiveServer(responder: app.responder) { server in
            let client = TestClient(server)
            let tap = Task {
                try await client.post(
                    "/components/like/tap", form: "post=p3&liked=true", headers: ["Cookie": "viewer=vheld"])
            }
            #expect(await eventually { service.heldCount == 1 })
            #expect(app.likes.view("p3", viewer: "vheld")?.busy == true)
            let reset = try await client.post("/reset", form: "")
            #expect(reset.status.code == 204)
            #expect(app.likes.view("p3", viewer: "vheld")?.busy == false)
            service.releaseAll()
            #expect(try await tap.value.status.code == 303)
            #expect(app.likes.committed("p3", viewer: "vheld")?.isOn == false)
        }
    }

    @Test func theStateDatabaseIsEmptiedToMatch() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reset-\(UUID().uuidString).sqlite3")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let app = try makeApp(stateFile: path)
        _ = try await app.responder.test(
            .post, "/components/like/tap", headers: .viewer("vfile"), body: "post=p1&liked=true")
        _ = try await app.responder.test(
            .post, "/components/follow/tap", headers: .viewer("vfile"), body: "uid=ada&following=true")
        try await offThePool { app.persister?.flush() }  // it blocks: not on the cooperative pool
        let rows = "SELECT component || ' ' || target || ' ' || key FROM entries WHERE value = 'true' ORDER BY 1"
        let id = Viewer(id: "vfile")!.id
        #expect(try sqlite3(path, rows) == "follow ada \(id)\nlike p1 \(id)\n")
        _ = try await app.responder.test(.post, "/reset")
        try await offThePool { app.persister?.flush() }
        #expect(try sqlite3(path, rows) == "")
        // And it loads as the startup state.
        let reloaded = try makeApp(stateFile: path)
        #expect(reloaded.likes.committed("p1", viewer: "vfile")?.isOn == false)
    }
}
