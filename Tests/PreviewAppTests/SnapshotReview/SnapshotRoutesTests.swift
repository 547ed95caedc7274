import Demo
import Foundation
import HTTPCore
import HTTPTesting
import Pictures
import Testing

@testable import PreviewApp

/// `/snapshots` and its pictures, the Accept forms, and the status on the gallery's cards and component
/// pages, over folders of hand-made pictures (no browser).
@Suite struct SnapshotRoutesTests {
    private struct Folders {
        let root: String
        var baselines: String { root + "/Snapshots" }
        var output: String { root + "/out" }

        init() throws {
            root = NSTemporaryDirectory() + "snapshot-routes-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }

        func put(_ file: String, in folder: String, red: UInt8 = 0) throws {
            let path = folder + "/" + file
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let png = try Picture(width: 4, height: 3, fill: Picture.Pixel(red: red, green: 9, blue: 9)).png()
            try Data(png).write(to: URL(fileURLWithPath: path))
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    private static func app(_ folders: Folders, host: String = "127.0.0.1") throws -> Application {
        var options = PreviewOptions()
        options.docsFolder = nil
        options.server.host = host
        options.snapshots.baselines = folders.baselines
        options.snapshots.output = folders.output
        return try Application(options: options)
    }

    private static let sameOrigin: HTTPHeaders = ["Origin": "http://127.0.0.1:8080", "Host": "127.0.0.1:8080"]

    @Test func thePageShowsWhatDiffersAndWhatIsNewAndAcceptsThem() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        let differing = "like/liked-999-likes.committed.phone-dark"
        let new = "rating/rated-4-stars.optimistic.desktop-light"
        try folders.put(differing + ".png", in: folders.baselines)
        try folders.put(differing + ".png", in: folders.output, red: 200)
        try folders.put(differing + ".diff.png", in: folders.output, red: 255)
        try folders.put(new + ".png", in: folders.output)
        let app = try Self.app(folders)

        let page = try await app.responder.test(.get, "/snapshots")
        #expect(page.status == .ok && page.headers["Cache-Control"] == "no-store")
        let html = page.bodyText
        #expect(html.contains("1 differ, 1 new"))
        #expect(html.contains(#"id="component-like""#) && html.contains("LikeButton</a>: 1 picture differs"))
        #expect(html.contains("/snapshots/picture?name=like%2Fliked-999-likes.committed.phone-dark&amp;file=diff"))
        #expect(html.contains(#"<details class="snapshot-overlay-toggle">"#))
        #expect(html.contains("1 new picture") && html.contains(#"value="\#(new)""#))
        #expect(!html.contains("<script>"))

        let picture = try await app.responder.test(.get, "/snapshots/picture?name=\(differing)&file=current")
        #expect(picture.status == .ok && picture.headers["Content-Type"] == "image/png")
        #expect(try Picture(png: picture.body)[x: 0, y: 0].red == 200)
        #expect(
            try await app.responder.test(.get, "/snapshots/picture?name=\(differing)&file=old").status == .badRequest)
        #expect(try await app.responder.test(.get, "/snapshots/picture?name=../../etc/passwd").status == .notFound)
        #expect(try await app.responder.test(.get, "/snapshots/picture?name=\(new)&file=baseline").status == .notFound)

        // The gallery: the like card flagged, the rating's component page with its status.
        let index = try await app.responder.test(.get, "/").bodyText
        #expect(index.contains(#"href="/snapshots#component-like">Snapshots: 1 differ, 0 new — review"#))
        let component = try await app.responder.test(.get, "/components/rating").bodyText
        #expect(component.contains("0 match, 0 differ, 1 new") && component.contains("Review them"))

        // Another origin is refused, as every form post is; an unknown name is a 404.
        let foreign = try await app.responder.test(
            .post, "/snapshots/accept", headers: ["Origin": "http://elsewhere.example", "Host": "127.0.0.1:8080"],
            body: "name=\(differing)")
        #expect(foreign.status == .forbidden)
        let unknown = try await app.responder.test(
            .post, "/snapshots/accept", headers: Self.sameOrigin, body: "name=like%2Fnothing")
        #expect(unknown.status == .notFound)

        let accepted = try await app.responder.test(
            .post, "/snapshots/accept", headers: Self.sameOrigin,
            body: "name=\(differing)&return_to=%2Fsnapshots%23component-like")
        #expect(accepted.status == .seeOther && accepted.headers["Location"] == "/snapshots#component-like")
        let baseline = try Picture(
            png: Array(try Data(contentsOf: URL(fileURLWithPath: folders.baselines + "/\(differing).png"))))
        #expect(baseline[x: 0, y: 0].red == 200)
        #expect(!FileManager.default.fileExists(atPath: folders.output + "/\(differing).png"))
        #expect(!FileManager.default.fileExists(atPath: folders.output + "/\(differing).diff.png"))
        let again = try await app.responder.test(
            .post, "/snapshots/accept", headers: Self.sameOrigin, body: "name=\(differing)")
        #expect(again.status == .notFound && again.bodyText.contains("has no picture to accept"))

        let wrongComponent = try await app.responder.test(
            .post, "/snapshots/accept-all", headers: Self.sameOrigin, body: "component=nope")
        #expect(wrongComponent.status == .notFound)
        let all = try await app.responder.test(
            .post, "/snapshots/accept-all", headers: Self.sameOrigin, body: "component=rating")
        #expect(all.status == .seeOther)
        #expect(FileManager.default.fileExists(atPath: folders.baselines + "/\(new).png"))
        #expect(try await app.responder.test(.get, "/snapshots").bodyText.contains("Nothing to review"))
    }

    @Test func aServerNotOnLoopbackShowsButDoesNotAccept() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        let differing = "like/just-liked.shown.phone-light"
        try folders.put(differing + ".png", in: folders.baselines)
        try folders.put(differing + ".png", in: folders.output, red: 90)
        let app = try Self.app(folders, host: "0.0.0.0")
        let page = try await app.responder.test(.get, "/snapshots").bodyText
        #expect(page.contains("not bound to loopback") && !page.contains("/snapshots/accept"))
        var headers = Self.sameOrigin
        headers["Host"] = "127.0.0.1:8080"
        let refused = try await app.responder.test(
            .post, "/snapshots/accept", headers: headers, body: "name=\(differing)")
        #expect(refused.status == .forbidden && refused.bodyText.contains("only in a server bound to loopback"))
        #expect(FileManager.default.fileExists(atPath: folders.output + "/\(differing).png"))
    }

    @Test func cardsShowTheirFirstVariantsBaseline() async throws {
        let folders = try Folders()
        defer { folders.remove() }
        try folders.put("follow/not-following.shown.phone-light.png", in: folders.baselines)
        let app = try Self.app(folders)
        let index = try await app.responder.test(.get, "/").bodyText
        #expect(
            index.contains(
                #"<img src="/snapshots/picture?name=follow%2Fnot-following.shown.phone-light&amp;file=baseline""#))
        #expect(!index.contains("name=like%2F"))
        #expect(!index.contains("snapshot-flag"))
        let page = try await app.responder.test(.get, "/components/follow").bodyText
        #expect(page.contains("1 match, 0 differ, 0 new"))
    }
}
