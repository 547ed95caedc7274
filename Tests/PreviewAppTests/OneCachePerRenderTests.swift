@_spi(Runtime) import Basics
import Components
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// A page's buttons are kept in `cells`, a change's answer in `answers/{name}`, and what each keeps is
/// answered again byte for byte. (That neither is kept in the definition's `roots/{name}` as well, which
/// other tests in this process share, is `SelfManagedTests`'s.)
@Suite struct OneCachePerRenderTests {
    private func app() throws -> Application {
        var options = PreviewOptions()
        options.publicFolder = PackagePaths.publicFolder
        options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0, seed: 1)
        return try Application(options: options)
    }

    private func report(_ app: Application, _ name: String) -> Caches.Report? {
        app.context.caches.reports.first { $0.name == name }
    }

    @Test func theFeedsButtonsAreKeptInCellsAloneAndShownAgainAsTheyWere() async throws {
        let app = try app()
        let first = try await app.responder.test(.get, "/feed", headers: ["Cookie": "viewer=vcarol"])
        let cells = try #require(report(app, "cells"))
        #expect(cells.kept >= 20 && cells.bytes > 0, "every post's like button at least")
        // Another viewer who sees the same states: another page, the same buttons, copied.
        let other = try await app.responder.test(.get, "/feed", headers: ["Cookie": "viewer=vdave"])
        #expect(other.body == first.body)
        let again = try #require(report(app, "cells"))
        #expect(again.kept == cells.kept && again.hits >= cells.kept, "the second feed's buttons were all kept")
    }

    @Test func aChangesAnswerIsKeptInAnswersAloneAndAStateShownBeforeIsACopy() async throws {
        let app = try app()
        func tap(_ liked: Bool) async throws -> HTTPResponse {
            try await app.responder.test(
                .post, "/components/like/tap", headers: ["Cookie": "viewer=valice", "HX-Request": "true"],
                body: "post=p1&liked=\(liked)")
        }
        let on = try await tap(true)
        let off = try await tap(false)
        let onAgain = try await tap(true)
        #expect(on.status == .ok && off.status == .ok && onAgain.status == .ok)
        #expect(onAgain.body == on.body && off.body != on.body)
        let answers = try #require(report(app, "answers/like"))
        #expect(answers.kept == 2 && answers.hits == 1 && answers.misses == 2)
        #expect(report(app, "answers/avatar") == nil, "a component that only navigates answers no fragment")
    }

    /// The answers of a thousand states (twenty posts, each liked by fifty viewers in turn: a count for
    /// each) all stay kept: a component's answers have room for the states its targets are in at once,
    /// so that a change to a state shown before copies it however many targets are being tapped.
    @Test func theAnswersOfAThousandStatesStayKept() async throws {
        let app = try app()
        for post in 1...20 {
            for viewer in 1...50 {
                let answer = try await app.responder.test(
                    .post, "/components/like/tap", headers: ["Cookie": "viewer=vmany\(viewer)", "HX-Request": "true"],
                    body: "post=p\(post)&liked=true")
                #expect(answer.status == .ok)
            }
        }
        let answers = try #require(report(app, "answers/like"))
        #expect(answers.misses == 1000)
        #expect(answers.kept == 1000, "kept \(answers.kept) of 1000 (\(answers.bytes) bytes)")
    }
}
