import ComponentTesting
import Components
import Demo
import Foundation
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// `GET /components/{name}/state/{target}`: every stateful component's state for the requesting viewer,
/// in JSON, linked from the catalogue and described in `/openapi.json`.
@Suite struct StateEndpointTests {
    private func json(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test(arguments: [("like", "p1", 12_345), ("follow", "ada", 31_415)])
    func aToggleAnswersItsCommittedStateForTheViewer(component: String, target: String, base: Int) async throws {
        let app = makeApp()
        let path = "/components/\(component)/state/\(target)"
        let before = try await app.responder.test(.get, path, headers: .viewer("vstate"))
        #expect(before.status == .ok)
        #expect(before.headers["Content-Type"] == "application/json")
        #expect(before.bodyText == #"{"target":"\#(target)","on":false,"count":\#(base),"pending":false}"#)
        let tap = try await app.responder.test(
            .post, "/components/\(component)/tap", headers: .viewer("vstate", ["X-Simulate-Failure": "never"]),
            body:
                "\(component == "like" ? "post" : "uid")=\(target)&\(component == "like" ? "liked" : "following")=true")
        #expect(tap.status == .seeOther)
        let after = try await app.responder.test(.get, path, headers: .viewer("vstate"))
        #expect(after.bodyText == #"{"target":"\#(target)","on":true,"count":\#(base + 1),"pending":false}"#)
        // Another viewer sees the count, not the state.
        let other = try json(try await app.responder.test(.get, path, headers: .viewer("vother")))
        #expect(other["on"] as? Bool == false)
        #expect(other["count"] as? Int == base + 1)
    }

    @Test func aTapInFlightIsPendingForItsViewerAlone() async throws {
        let service = ScriptedService(holding: [0])
        let app = makeApp(service: service)
        let tap = Task {
            try await app.responder.test(
                .post, "/components/like/tap", headers: .viewer("vpending"), body: "post=p2&liked=true")
        }
        await service.waitForCalls(1)
        let pending = try json(
            try await app.responder.test(.get, "/components/like/state/p2", headers: .viewer("vpending")))
        #expect(pending["pending"] as? Bool == true)
        #expect(pending["on"] as? Bool == false, "the committed state, not the optimistic one")
        let other = try json(
            try await app.responder.test(.get, "/components/like/state/p2", headers: .viewer("vother")))
        #expect(other["pending"] as? Bool == false)
        service.release(0)
        #expect(try await tap.value.status == .seeOther)
    }

    @Test func anUnknownTargetIsA404InJSON() async throws {
        let app = makeApp()
        let response = try await app.responder.test(.get, "/components/like/state/p999")
        #expect(response.status == .notFound)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(try json(response)["error"] as? String == "LikeButton has nothing with the id p999.")
    }

    @Test func onlyStatefulComponentsHaveOne() async throws {
        let app = makeApp()
        let avatar = try await app.responder.test(.get, "/components/avatar/state/ada")
        #expect(avatar.status == .notFound)
        let catalogue = try json(try await app.responder.test(.get, "/components.json"))
        let components = try #require(catalogue["components"] as? [[String: Any]])
        let states = Dictionary(
            uniqueKeysWithValues: components.map { ($0["name"] as! String, $0["state"] as? String) })
        #expect(states["like"] == "/components/like/state/{target}")
        #expect(states["follow"] == "/components/follow/state/{target}")
        #expect(states["avatar"] == .some(nil))
    }

    @Test func theOpenAPIDocumentDescribesEachStateEndpoint() async throws {
        let document = try await OpenAPITests.document(makeApp())
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        for component in ["like", "follow"] {
            let operation = try #require(paths["/components/\(component)/state/{target}"]?["get"] as? [String: Any])
            let responses = try #require(operation["responses"] as? [String: Any])
            #expect(Set(responses.keys).isSuperset(of: ["200", "404"]))
        }
        #expect(paths["/components/avatar/state/{target}"] == nil)
    }
}
