import Basics
import Components
import Demo
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// Kept pages go stale exactly where a change shows: after a tap or a send on a target, every page that
/// shows that target answers the bytes of an app that renders every request, by rendering again only the
/// pieces that show it, and the pages that do not show it are still answered from what was kept (the
/// narrowing is real, and never too narrow).
@Suite struct PageInvalidationTests {
    struct Change: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var body: String
        /// Pages that show the change's target, with how many pieces of each show it (each must be
        /// rendered again, and nothing else of the page).
        var showing: [String: Int]
        /// Pages that do not: they stay kept.
        var notShowing: [String]
        var testDescription: String { name }
    }

    static let changes = [
        Change(
            name: "a like on p1", path: "/components/like/tap", body: "post=p1&liked=true&return_to=/feed",
            showing: ["/posts/p1": 1, "/feed": 1, "/users/ada": 1], notShowing: ["/posts/p3", "/users/linus"]),
        Change(
            name: "a follow of ada", path: "/components/follow/tap", body: "uid=ada&following=true",
            // The feed shows ada's three posts, each with a follow button; her profile's cells have none.
            showing: ["/users/ada": 1, "/posts/p1": 1, "/feed": 3], notShowing: ["/posts/p3", "/users/linus"]),
        Change(
            name: "a comment on p1", path: "/components/comment/send",
            body: "post=p1&key=invalidation-1&text=Narrow+enough", showing: ["/posts/p1": 1],
            notShowing: ["/posts/p3", "/feed", "/users/ada"]),
    ]

    private func app(renderCache: Bool) throws -> Application {
        var options = PreviewOptions()
        options.publicFolder = PackagePaths.publicFolder
        options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0, seed: 7)
        options.renderCache = renderCache
        // One clock for both apps: a comment is stamped with the time it was sent.
        return try Application(options: options, clock: { Timestamp(millisecondsSince1970: 1_795_000_000_000) }) {
            Demo.modules($0)
        }
    }

    private func page(_ app: Application, _ path: String, as viewer: String) async throws -> String {
        try await app.responder.test(.get, path, headers: .viewer(viewer)).bodyText
    }

    private func pageStatistics(_ app: Application) -> RenderCacheStatistics {
        app.context.registry.renderCacheStatistics[.pages] ?? RenderCacheStatistics()
    }

    @Test(arguments: changes) func aChangeMakesStaleThePagesThatShowItsTargetAndNoOthers(_ change: Change) async throws
    {
        let kept = try app(renderCache: true)
        let fresh = try app(renderCache: false)
        let viewers = ["carol", "alice"]
        for path in change.showing.keys.sorted() + change.notShowing {
            for viewer in viewers {
                _ = try await page(kept, path, as: viewer)
            }
        }
        for app in [kept, fresh] {
            let response = try await app.responder.test(
                .post, change.path, headers: .viewer("alice"), body: change.body)
            #expect(response.status == .seeOther, "\(change.name)")
        }
        for (path, pieces) in change.showing.sorted(by: { $0.key < $1.key }) {
            for viewer in viewers {
                let before = pageStatistics(kept)
                let answer = try await page(kept, path, as: viewer)
                #expect(answer == (try await page(fresh, path, as: viewer)), "\(path) as \(viewer)")
                let after = pageStatistics(kept)
                #expect(after.misses == before.misses, "\(path) as \(viewer): the page around the change is kept")
                #expect(after.refreshed == before.refreshed + 1, "\(path) as \(viewer) shows the change")
                #expect(
                    after.piecesRendered == before.piecesRendered + pieces,
                    "\(path) as \(viewer): only the pieces that show the change are rendered again")
                // Joined once, and kept so: the next answer is the kept page as it is now (but for the
                // viewer who made the change, whose first page took its one-time message).
                let again = try await page(kept, path, as: viewer)
                #expect(again == (try await page(fresh, path, as: viewer)), "\(path) as \(viewer), again")
                if viewer != "alice" {
                    #expect(again == answer)
                    #expect(pageStatistics(kept).refreshed == after.refreshed, "\(path) as \(viewer) is kept joined")
                }
            }
        }
        for path in change.notShowing {
            for viewer in viewers {
                let before = pageStatistics(kept)
                let answer = try await page(kept, path, as: viewer)
                #expect(answer == (try await page(fresh, path, as: viewer)), "\(path) as \(viewer)")
                #expect(pageStatistics(kept).hits == before.hits + 1, "\(path) as \(viewer) stays kept")
                #expect(pageStatistics(kept).misses == before.misses, "\(path) as \(viewer) stays kept")
            }
        }
    }
}

/// A kept page holds its pieces and what they render from: nothing of that may hold the pages back, or an
/// app's pages (and the app) would never be freed.
@Suite struct KeptPiecesFreeTheAppTests {
    @Test func anAppWithKeptPiecesIsFreedWhenDropped() async throws {
        weak var caches: Caches?
        do {
            var options = PreviewOptions()
            options.publicFolder = PackagePaths.publicFolder
            options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0, seed: 7)
            let app = try Application(options: options) { Demo.modules($0) }
            for path in ["/feed", "/posts/p1", "/users/ada"] {
                _ = try await app.responder.test(.get, path, headers: .viewer("alice"))
            }
            _ = try await app.responder.test(
                .post, "/components/like/tap", headers: .viewer("bob"), body: "post=p1&liked=true")
            _ = try await app.responder.test(.get, "/feed", headers: .viewer("alice"))
            let pages = app.context.registry.renderCacheStatistics[.pages] ?? RenderCacheStatistics()
            #expect(pages.kept == 3 && pages.refreshed == 1, "pages are kept with their pieces")
            caches = app.context.caches
            #expect(caches != nil)
        }
        #expect(caches == nil, "the app's caches (and the pages in them) are freed with the app")
    }
}
