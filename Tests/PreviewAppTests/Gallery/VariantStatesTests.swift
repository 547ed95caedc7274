import Demo
import Foundation
import HTTPCore
import HTTPTesting
import Testing

@testable import Components
@testable import PreviewApp

/// Every state a tap leads to, drawn from the variant's own state by the component's kind: at once, after
/// a commit, after a rollback (`?state=` on a fragment and a frame); listed per variant in the catalogue.
@Suite struct VariantStatesTests {
    private static func fragment(_ app: Application, _ path: String) async throws -> (HTTPStatus, String) {
        let response = try await app.responder.test(.get, path)
        return (response.status, response.bodyText)
    }

    @Test func aToggleVariantInEveryState() async throws {
        let app = makeApp()
        let base = "/components/like/fragment?post=p4&liked=false&count=41"
        let (_, shown) = try await Self.fragment(app, base)
        #expect(
            shown.contains(#"aria-pressed="false""#) && shown.contains(">41<") && !shown.contains(#"aria-busy="true""#))
        let (_, optimistic) = try await Self.fragment(app, base + "&state=optimistic")
        #expect(optimistic.contains(#"aria-busy="true""#) && optimistic.contains(#"aria-pressed="true""#))
        #expect(optimistic.contains(">42<"))
        let (_, committed) = try await Self.fragment(app, base + "&state=committed")
        #expect(!committed.contains(#"aria-busy="true""#) && committed.contains(#"aria-pressed="true""#))
        #expect(committed.contains(">42<") && !committed.contains("role=\"alert\""))
        let (_, rolledBack) = try await Self.fragment(app, base + "&state=rolled-back")
        #expect(rolledBack.contains(#"aria-pressed="false""#) && rolledBack.contains(">41<"))
        #expect(rolledBack.contains("be saved, so it was undone. Please try again.</p>"))
        // Nothing of the viewer's state moved: the store still has p4 as it was.
        #expect(app.likes.presentation("p4", viewer: .anonymous)?.state.count == app.fixtures.likeCounts["p4"])
    }

    @Test func aCommentBoxsAnswersCarryTheSentText() async throws {
        let app = makeApp()
        let base = "/components/comment/fragment?post=p1&comments=3"
        let (_, optimistic) = try await Self.fragment(app, base + "&state=optimistic")
        #expect(optimistic.contains("Well said.") && optimistic.contains("Sending"))
        let (_, committed) = try await Self.fragment(app, base + "&state=committed")
        #expect(committed.contains("4 comments") && !committed.contains(#"aria-busy="true""#))
        #expect(committed.contains(#"<p class="comment-text" dir="auto">Well said.</p>"#))
        let (_, rolledBack) = try await Self.fragment(app, base + "&state=rolled-back")
        #expect(rolledBack.contains("3 comments") && rolledBack.contains("couldn"))
        #expect(rolledBack.contains(">Well said.</textarea>"))
    }

    @Test func statesThatDoNotExistAndBadOnesAreClearErrors() async throws {
        let app = makeApp()
        let (navigates, said) = try await Self.fragment(app, "/components/avatar/frame?state=committed")
        #expect(navigates == .notFound && said.contains("AvatarView has no committed state"))
        let (sending, _) = try await Self.fragment(
            app, "/components/comment/fragment?post=p2&comments=2&draft=x&busy=true&state=optimistic")
        #expect(sending == .notFound)
        let (bad, told) = try await Self.fragment(app, "/components/like/fragment?state=later")
        #expect(bad == .badRequest && told.contains("Invalid parameter state: must be one of shown, optimistic"))
        let (plain, _) = try await Self.fragment(app, "/components/like/fragment?config=plain&state=committed")
        #expect(plain == .notFound)
        let (asDeclared, _) = try await Self.fragment(app, "/components/avatar/fragment?state=shown")
        #expect(asDeclared == .ok)
    }

    @Test func theCatalogueListsEachVariantsStatesWithFramesThatAnswer() async throws {
        let app = makeApp()
        let json = try await app.responder.test(.get, "/components.json")
        let catalogue = try #require(try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any])
        var drawn = 0
        for component in try #require(catalogue["components"] as? [[String: Any]]) {
            let name = try #require(component["name"] as? String)
            for variant in try #require(component["variants"] as? [[String: Any]]) {
                let states = try #require(variant["states"] as? [[String: String]])
                #expect(states.first?["name"] == "shown")
                #expect(states.first?["frame"] == variant["frame"] as? String)
                if name == "avatar" { #expect(states.count == 1) }
                if name == "like" {
                    #expect(states.map { $0["name"]! } == ["shown", "optimistic", "committed", "rolled-back"])
                }
                for state in states.dropFirst() {
                    let frame = try await app.responder.test(.get, try #require(state["frame"]))
                    let fragment = try await app.responder.test(.get, try #require(state["fragment"]))
                    #expect(frame.status == .ok && fragment.status == .ok, "\(state)")
                    #expect(frame.bodyText.contains(fragment.bodyText))
                    drawn += 1
                }
            }
        }
        #expect(drawn > 60)
    }
}
