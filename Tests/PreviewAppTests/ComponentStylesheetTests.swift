import Components
import Demo
import Foundation
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// `GET /components.css`: the styles each module brings, in one stylesheet that every page links.
@Suite struct ComponentStylesheetTests {
    /// A module that brings only styles.
    private struct Styled: ComponentModule {
        var styles: ComponentStyles? { ComponentStyles(".styled-thing { color: rebeccapurple; }") }
        func addRoutes(to routes: inout RouteGroup) {}
    }

    private func app() throws -> Application {
        var options = PreviewOptions()
        options.publicFolder = PackagePaths.publicFolder
        return try Application(options: options) { Demo.modules($0) + [Styled()] }
    }

    @Test func aModulesStylesAreServedAndRevalidated() async throws {
        let app = try app()
        let css = try await app.responder.test(.get, "/components.css")
        #expect(css.status == .ok)
        #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(css.headers["Cache-Control"] == "no-cache")
        #expect(css.headers["Set-Cookie"] == nil)
        #expect(css.bodyText.contains(".styled-thing { color: rebeccapurple; }"))
        let etag = try #require(css.headers["ETag"])
        let again = try await app.responder.test(.get, "/components.css", headers: ["If-None-Match": etag])
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
        let other = try await app.responder.test(.get, "/components.css", headers: ["If-None-Match": "\"other\""])
        #expect(other.status == .ok)
    }

    @Test func theDemoComponentsStylesComeFromTheirOwnFolders() async throws {
        let css = try await app().responder.test(.get, "/components.css").bodyText
        for (folder, rule) in [
            ("AvatarView", ".avatar-image {"), ("LikeButton", ".like-button {"), ("FollowButton", ".follow-button {"),
        ] {
            let file = try String(
                contentsOfFile: PackagePaths.root + "/Sources/Demo/\(folder)/\(folder).css", encoding: .utf8)
            #expect(file.contains(rule))
            #expect(css.contains(file), "\(folder).css is served whole")
        }
        let kit = try String(contentsOfFile: PackagePaths.publicFolder + "/app.css", encoding: .utf8)
        for component in [".like", ".follow", ".avatar", ".vip-badge"] {
            #expect(!kit.contains(component), "app.css keeps a component's rule: \(component)")
        }
    }

    /// A module whose stylesheet is a file in a folder of its own.
    private struct FromFile: ComponentModule {
        var folder: String
        var styles: ComponentStyles? { .file("Thing.css", beside: folder + "/Thing+SelfManaged.swift") }
        func addRoutes(to routes: inout RouteGroup) {}
    }

    @Test func anEditedStylesheetIsServedAtTheNextRequestWithANewTag() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("styles-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ".thing { color: red; }\n".write(toFile: folder + "/Thing.css", atomically: false, encoding: .utf8)
        let app = try Application(options: PreviewOptions()) { _ in [FromFile(folder: folder)] }
        let first = try await app.responder.test(.get, "/components.css")
        #expect(first.bodyText.contains(".thing { color: red; }"))
        let etag = try #require(first.headers["ETag"])
        #expect(
            try await app.responder.test(.get, "/components.css", headers: ["If-None-Match": etag]).status
                == .notModified)

        try ".thing { color: blue; }\n".write(toFile: folder + "/Thing.css", atomically: false, encoding: .utf8)
        let second = try await app.responder.test(.get, "/components.css", headers: ["If-None-Match": etag])
        #expect(second.status == .ok, "the edit was not seen")
        #expect(second.bodyText.contains(".thing { color: blue; }"))
        #expect(second.headers["ETag"] != etag)

        try FileManager.default.removeItem(atPath: folder + "/Thing.css")
        let gone = try await app.responder.test(.get, "/components.css")
        #expect(gone.status == .ok)
        #expect(gone.bodyText.contains("Thing.css could not be read."))
    }

    @Test func everyPageAndFrameLinksIt() async throws {
        let app = try app()
        for path in ["/", "/feed", "/components/like", "/components/like/frame", "/events"] {
            let page = try await app.responder.test(.get, path).bodyText
            #expect(page.contains(#"<link rel="stylesheet" href="/components.css">"#), "\(path)")
        }
    }
}
