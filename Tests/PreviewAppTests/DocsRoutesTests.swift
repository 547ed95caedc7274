import Foundation
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// `/docs/`: the reference scripts/docs builds, served as a static site when it is there, and a 404 that says
/// how to build it when it is not; the gallery links it only when it is served.
@Suite struct DocsRoutesTests {
    /// A stand-in for the DocC archive: a landing page and a data file, as `docc convert` lays them out.
    final class Archive: Sendable {
        let folder = NSTemporaryDirectory() + "docs-\(UUID().uuidString)"

        init() throws {
            let files = FileManager.default
            try files.createDirectory(
                atPath: folder + "/documentation/previewkit/componentmodule", withIntermediateDirectories: true)
            try files.createDirectory(
                atPath: folder + "/data/documentation/previewkit", withIntermediateDirectories: true)
            try "<title>PreviewKit</title>".write(
                toFile: folder + "/documentation/previewkit/index.html", atomically: false, encoding: .utf8)
            try "<title>ComponentModule</title>".write(
                toFile: folder + "/documentation/previewkit/componentmodule/index.html", atomically: false,
                encoding: .utf8)
            try "{}".write(
                toFile: folder + "/data/documentation/previewkit/componentmodule.json", atomically: false,
                encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    private func app(docs: String?) throws -> Application {
        var options = PreviewOptions()
        options.publicFolder = PackagePaths.publicFolder
        options.docsFolder = docs
        return try Application(options: options)
    }

    @Test func aBuiltReferenceIsServedFromItsLandingPage() async throws {
        let archive = try Archive()
        let app = try app(docs: archive.folder)
        let start = try await app.responder.test(.get, "/docs")
        #expect(start.status == .seeOther)
        #expect(start.headers["Location"] == "/docs/documentation/previewkit/")
        let landing = try await app.responder.test(.get, "/docs/documentation/previewkit/")
        #expect(landing.status == .ok)
        #expect(landing.bodyText == "<title>PreviewKit</title>")
        #expect(landing.headers["Content-Type"] == "text/html; charset=utf-8")
        let page = try await app.responder.test(.get, "/docs/documentation/previewkit/componentmodule")
        #expect(page.bodyText == "<title>ComponentModule</title>", "a folder without its last slash too")
        let data = try await app.responder.test(.get, "/docs/data/documentation/previewkit/componentmodule.json")
        #expect(data.headers["Content-Type"] == "application/json")
        #expect(try await app.responder.test(.get, "/docs/documentation/nothing/").status == .notFound)
        #expect(try await app.responder.test(.get, "/docs/../Package.swift").status == .notFound)
        let index = try await app.responder.test(.get, "/").bodyText
        #expect(index.contains(#"href="/docs/documentation/previewkit/""#))
    }

    @Test func anUnbuiltReferenceSaysHowToBuildIt() async throws {
        let app = try app(docs: NSTemporaryDirectory() + "no-docs-\(UUID().uuidString)")
        for path in ["/docs", "/docs/", "/docs/documentation/previewkit/"] {
            let answer = try await app.responder.test(.get, path)
            #expect(answer.status == .notFound, "\(path)")
            #expect(answer.bodyText.contains("run scripts/docs"), "\(path)")
        }
        #expect(!(try await app.responder.test(.get, "/").bodyText.contains("/docs/")))
    }
}
