import HTML
import HTTPCore
import Testing

@testable import Components

/// Kept pages and their pieces: a change renders again only the pieces that read it, the rest is copied
/// as kept, and the answer is always what a render now would write. Where a piece's bytes cannot be
/// known to be in the page (moved, written elsewhere, nested, a first visit's page), its reads are the
/// page's and the page is rendered whole.
@Suite struct RenderedPagesTests {
    let likes = ToggleStore(baseCounts: ["p1": 1, "p2": 2, "p3": 3])
    let context = ComponentContext()
    let pages: RenderedPages
    /// How many times each piece's render ran, by target.
    let renders = RenderCounts()

    final class RenderCounts: @unchecked Sendable {
        // @unchecked: the renders run on the test's thread, one request at a time.
        var byTarget: [String: Int] = [:]
    }

    init() {
        pages = RenderedPages(context: context)
    }

    private func request(_ viewer: String = "alice", new: Bool = false) -> HTTPRequest {
        var request = HTTPRequest(method: .get, path: "/page", headers: ["Cookie": "viewer=\(viewer)"])
        if new { request.cookies.assign(Viewer.cookieName, viewer) }
        return request
    }

    private func tap(_ target: String, by viewer: Viewer = "bob") {
        let key = ToggleStore.Key(viewer: viewer, target: target)
        let on = !(likes.committed(target, viewer: viewer)?.isOn ?? false)
        _ = likes.begin(key, on: on)
        _ = likes.finish(key, on: on, succeeded: true)
    }

    /// What the page shows of `target` to `viewer`: its count and whether they like it.
    private static func shown(_ likes: ToggleStore, _ target: String, _ viewer: Viewer) -> String {
        guard let state = likes.committed(target, viewer: viewer) else { return "?" }
        return "[\(target) \(state.count)\(state.isOn ? " liked" : "")]"
    }

    /// A page of three pieces between static text, written as `layout` says: its bytes as a fresh render
    /// would write them.
    private func render(
        _ html: inout HTMLBuffer, viewer: Viewer,
        layout: (inout HTMLBuffer, @escaping @Sendable (inout HTMLBuffer) -> Void) -> Void = {
            html, piece in html.piece(piece)
        }
    ) {
        html.text("head ")
        for target in ["p1", "p2", "p3"] {
            let (likes, renders) = (likes, renders)
            layout(&html) { html in
                renders.byTarget[target, default: 0] += 1
                html.text(Self.shown(likes, target, viewer))
            }
            html.text(" between ")
        }
        html.text("tail")
    }

    private func expected(_ viewer: Viewer) -> String {
        "head " + ["p1", "p2", "p3"].map { Self.shown(likes, $0, viewer) + " between " }.joined() + "tail"
    }

    private func answer(
        _ request: HTTPRequest,
        layout: ((inout HTMLBuffer, @escaping @Sendable (inout HTMLBuffer) -> Void) -> Void)? = nil
    ) -> String {
        let viewer = request.viewer
        let response = pages.page(request) { _, html in
            if let layout { render(&html, viewer: viewer, layout: layout) } else { render(&html, viewer: viewer) }
        }
        return response.bodyText
    }

    @Test func aChangeRendersOnlyThePiecesThatReadIt() {
        #expect(answer(request()) == expected("alice"))
        #expect(renders.byTarget == ["p1": 1, "p2": 1, "p3": 1])
        #expect(answer(request()) == expected("alice"))
        #expect(renders.byTarget == ["p1": 1, "p2": 1, "p3": 1], "kept whole")

        tap("p2")
        #expect(answer(request()) == expected("alice"))
        #expect(renders.byTarget == ["p1": 1, "p2": 2, "p3": 1], "p2's piece alone")
        tap("p1")
        tap("p3")
        // Two stale pieces around a current one: the current one is copied to its new place.
        tap("p1", by: "carol")
        #expect(answer(request()) == expected("alice"))
        #expect(renders.byTarget == ["p1": 2, "p2": 2, "p3": 2])
        // The joined page is kept, at its new ranges: a change to the middle piece lands where it is now.
        tap("p2", by: "alice")
        #expect(answer(request()) == expected("alice"))
        #expect(renders.byTarget == ["p1": 2, "p2": 3, "p3": 2])
        #expect(answer(request()) == expected("alice"))
        #expect(renders.byTarget == ["p1": 2, "p2": 3, "p3": 2])
    }

    @Test func aFirstVisitsPageIsKeptWholeForItsPiecesCapturedItsViewer() {
        #expect(answer(request("v1", new: true)) == expected("v1"))
        tap("p1", by: "v1")  // the first new viewer acts; the next new viewer has not
        #expect(answer(request("v2", new: true)) == expected("v2"))
        #expect(renders.byTarget == ["p1": 2, "p2": 2, "p3": 2], "rendered whole")
    }

    @Test func piecesWhoseBytesMovedAreNotKept() {
        // A root decorated after it rendered moves every byte after its start tag, pieces included.
        let moving: (inout HTMLBuffer, @escaping @Sendable (inout HTMLBuffer) -> Void) -> Void = { html, piece in
            html.render(Wrapper(piece: piece)) { _ in HTMLAttributes(.class("moved")) }
        }
        #expect(answer(request(), layout: moving).contains("class=\"moved\""))
        tap("p2")
        let after = answer(request(), layout: moving)
        #expect(renders.byTarget == ["p1": 2, "p2": 2, "p3": 2], "the page rendered whole: its reads covered p2")
        var html = HTMLBuffer()
        render(&html, viewer: "alice", layout: moving)
        #expect(after == String(decoding: html.bytes, as: UTF8.self))
    }

    @Test func aRootDecoratedInsideAPieceLeavesItKept() {
        // The bytes inserted move only what the piece itself wrote: its range, taken at its end, holds.
        let decoratedInside: (inout HTMLBuffer, @escaping @Sendable (inout HTMLBuffer) -> Void) -> Void = {
            html, piece in
            html.piece { html in
                html.render(Plain(content: piece)) { _ in HTMLAttributes(.class("decorated")) }
            }
        }
        #expect(answer(request("frank"), layout: decoratedInside).contains("class=\"decorated\""))
        tap("p2")
        let after = answer(request("frank"), layout: decoratedInside)
        #expect(renders.byTarget == ["p1": 1, "p2": 2, "p3": 1], "p2's piece alone")
        var html = HTMLBuffer()
        render(&html, viewer: "frank", layout: decoratedInside)
        #expect(after == String(decoding: html.bytes, as: UTF8.self))
    }

    @Test func piecesWrittenInAnotherBufferOrNestedAreThePagesReads() {
        let elsewhere: (inout HTMLBuffer, @escaping @Sendable (inout HTMLBuffer) -> Void) -> Void = { html, piece in
            var other = HTMLBuffer()
            other.piece(piece)
            html.raw(HTMLRaw(bytes: other.bytes))
        }
        let nested: (inout HTMLBuffer, @escaping @Sendable (inout HTMLBuffer) -> Void) -> Void = { html, piece in
            html.piece { html in html.piece(piece) }
        }
        #expect(answer(request("carol"), layout: elsewhere) == expected("carol"))
        tap("p3")
        #expect(answer(request("carol"), layout: elsewhere) == expected("carol"), "stale as a whole")
        #expect(renders.byTarget == ["p1": 2, "p2": 2, "p3": 2])

        #expect(answer(request("dave"), layout: nested) == expected("dave"))
        tap("p3")
        #expect(answer(request("dave"), layout: nested) == expected("dave"))
        #expect(renders.byTarget == ["p1": 3, "p2": 3, "p3": 4], "the outer piece's reads hold the inner's")
    }

    @Test func aReadJustOutsideAPieceIsThePagesOwn() {
        // The page reads what the piece before it read last: noted twice in a row, it must be noted for
        // each (merged into the piece's, a change would render the piece and leave the page's text stale).
        let echoing: (inout HTMLBuffer, @escaping @Sendable (inout HTMLBuffer) -> Void) -> Void = {
            [likes] html, piece in
            html.piece(piece)
            html.text(" echo " + Self.shown(likes, "p3", "erin"))
        }
        let first = answer(request("erin"), layout: echoing)
        #expect(first.contains("[p3 3] echo [p3 3]"), "the third piece read p3 last, and the page reads it next")
        tap("p3")
        let after = answer(request("erin"), layout: echoing)
        var html = HTMLBuffer()
        render(&html, viewer: "erin", layout: echoing)
        #expect(after == String(decoding: html.bytes, as: UTF8.self))
        #expect(!after.contains("[p3 3]"))
    }

    @Test func withoutKeptPagesAPieceRendersInPlace() {
        let uncached = RenderedPages(context: ComponentContext(renderCache: false))
        let viewer: Viewer = "alice"
        let body = uncached.page(request()) { _, html in render(&html, viewer: viewer) }.bodyText
        #expect(body == expected("alice"))
        #expect(uncached.page(request()) { _, html in render(&html, viewer: viewer) }.bodyText == body)
        #expect(renders.byTarget == ["p1": 2, "p2": 2, "p3": 2])
    }

    @Test func theStatisticsCountRefreshedPagesAndThePiecesRendered() {
        _ = answer(request())
        tap("p1")
        tap("p3")
        _ = answer(request())
        _ = answer(request())
        let statistics = context.registry.renderCacheStatistics[.pages] ?? RenderCacheStatistics()
        #expect(statistics.misses == 1)
        #expect(statistics.hits == 2)
        #expect(statistics.refreshed == 1)
        #expect(statistics.piecesRendered == 2)
    }

    /// A component whose root is an element around what `content` writes.
    struct Plain: HTMLComponent {
        var content: @Sendable (inout HTMLBuffer) -> Void
        func render(into html: inout HTMLBuffer) {
            html.element(.span) { html in content(&html) }
        }
    }

    /// A component whose root is the element around a piece.
    struct Wrapper: HTMLComponent {
        var piece: @Sendable (inout HTMLBuffer) -> Void
        func render(into html: inout HTMLBuffer) {
            html.element(.span) { html in html.piece(piece) }
        }
    }
}
