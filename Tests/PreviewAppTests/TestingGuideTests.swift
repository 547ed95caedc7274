import Components
import Foundation
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// The Swift example of docs/TESTING.md, run as it is written there; a test below fails when the two
/// part ways.
@Suite struct TestingGuideTests {
    // The guide's example, verbatim (between the markers).
    // BEGIN docs/TESTING.md
    @Test func aLikeCommitsAndAForcedFailureRollsBack() async throws {
        var options = PreviewOptions()
        options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0, seed: 1)
        let app = try Application(options: options)
        let viewer: HTTPHeaders = ["Cookie": "viewer=vguide", "X-Simulate-Failure": "never"]

        let tap = try await app.responder.test(
            .post, "/components/like/tap", headers: viewer, body: "post=p1&liked=true&return_to=/feed")
        #expect(tap.status == .seeOther)
        #expect(tap.headers["Location"] == "/feed")

        let state = try await app.responder.test(.get, "/api/posts/p1", headers: viewer)
        #expect(state.bodyText == #"{"id":"p1","count":12346,"liked":true,"pending":false}"#)

        var failing = viewer
        failing["X-Simulate-Failure"] = "always"
        failing["HX-Request"] = "true"
        let failed = try await app.responder.test(
            .post, "/components/like/tap", headers: failing, body: "post=p1&liked=false")
        #expect(failed.status.code == 503)
        #expect(app.likes.committed("p1", viewer: "vguide")?.isOn == true)
    }
    // END docs/TESTING.md

    @Test func theGuideShowsExactlyThisTest() throws {
        let guide = try String(contentsOfFile: PackagePaths.root + "/docs/TESTING.md", encoding: .utf8)
        let block = try #require(
            guide.components(separatedBy: "```swift\n").dropFirst().first?
                .components(separatedBy: "\n```").first)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let test = try #require(
            source.components(separatedBy: "// BEGIN docs/TESTING.md\n").dropFirst().first?
                .components(separatedBy: "    // END docs/TESTING.md").first)
        // The same lines, the file's one indentation level deeper.
        let unindented = test.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }
            .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(unindented == block.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
