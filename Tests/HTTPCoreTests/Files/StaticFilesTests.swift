import Basics
import Foundation
import HTTPCore
import HTTPTesting
import Testing

@Suite struct StaticFilesTests {
    /// A folder with a file, a subfolder, a hidden file, and symlinks pointing inside and outside it.
    final class Fixture: Sendable {
        let root: String
        let publicFolder: String

        init() throws {
            root = NSTemporaryDirectory() + "static-\(UUID().uuidString)"
            publicFolder = root + "/Public"
            let files = FileManager.default
            try files.createDirectory(atPath: publicFolder + "/css", withIntermediateDirectories: true)
            try "body{}".write(toFile: publicFolder + "/css/app.css", atomically: false, encoding: .utf8)
            try "<svg/>".write(toFile: publicFolder + "/logo.svg", atomically: false, encoding: .utf8)
            try "hidden".write(toFile: publicFolder + "/.env", atomically: false, encoding: .utf8)
            try "secret".write(toFile: root + "/secret.txt", atomically: false, encoding: .utf8)
            try files.createSymbolicLink(
                atPath: publicFolder + "/escape.txt", withDestinationPath: root + "/secret.txt")
            try files.createSymbolicLink(
                atPath: publicFolder + "/inside.svg", withDestinationPath: publicFolder + "/logo.svg")
        }

        deinit {
            try? FileManager.default.removeItem(atPath: root)
        }

        func responder() -> RouterResponder {
            var router = Router()
            router.mount(StaticFiles(folder: publicFolder, at: "/public"))
            return router.buildResponder()
        }
    }

    @Test func servesFilesWithContentTypeAndValidators() async throws {
        let fixture = try Fixture()
        let response = try await fixture.responder().test(.get, "/public/css/app.css")
        #expect(response.status == .ok)
        #expect(response.bodyText == "body{}")
        #expect(response.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(response.headers["Cache-Control"] == "no-cache")
        #expect(response.headers["ETag"]?.hasPrefix("\"") == true)
        let svg = try await fixture.responder().test(.get, "/public/logo.svg")
        #expect(svg.headers["Content-Type"] == "image/svg+xml")
    }

    @Test func ifNoneMatchGives304() async throws {
        let fixture = try Fixture()
        let responder = fixture.responder()
        let etag = try #require(try await responder.test(.get, "/public/logo.svg").headers["ETag"])
        let cached = try await responder.test(.get, "/public/logo.svg", headers: ["If-None-Match": etag])
        #expect(cached.status == .notModified)
        #expect(cached.body.isEmpty)
        #expect(cached.headers["ETag"] == etag)
        let listed = try await responder.test(.get, "/public/logo.svg", headers: ["If-None-Match": "\"x\", W/\(etag)"])
        #expect(listed.status == .notModified)
        let stale = try await responder.test(.get, "/public/logo.svg", headers: ["If-None-Match": "\"other\""])
        #expect(stale.status == .ok)
    }

    @Test func symlinkInsideIsServedOutsideIsNot() async throws {
        let fixture = try Fixture()
        #expect(try await fixture.responder().test(.get, "/public/inside.svg").status == .ok)
        #expect(try await fixture.responder().test(.get, "/public/escape.txt").status == .notFound)
    }

    @Test func aFileChangedAfterItWasServedIsServedAnew() async throws {
        let fixture = try Fixture()
        let responder = fixture.responder()
        let first = try await responder.test(.get, "/public/css/app.css")
        #expect(try await responder.test(.get, "/public/css/app.css").bodyText == "body{}")
        try "body{color:red}".write(toFile: fixture.publicFolder + "/css/app.css", atomically: false, encoding: .utf8)
        let second = try await responder.test(.get, "/public/css/app.css")
        #expect(second.bodyText == "body{color:red}")
        #expect(second.headers["ETag"] != first.headers["ETag"])
        // The old validator no longer matches.
        let revalidated = try await responder.test(
            .get, "/public/css/app.css", headers: ["If-None-Match": first.headers["ETag"] ?? ""])
        #expect(revalidated.status == .ok)
    }

    @Test func aServedFileReplacedByASymlinkOutIsNoLongerServed() async throws {
        let fixture = try Fixture()
        let responder = fixture.responder()
        #expect(try await responder.test(.get, "/public/logo.svg").bodyText == "<svg/>")
        #expect(try await responder.test(.get, "/public/inside.svg").status == .ok)
        let files = FileManager.default
        try files.removeItem(atPath: fixture.publicFolder + "/logo.svg")
        try files.createSymbolicLink(
            atPath: fixture.publicFolder + "/logo.svg", withDestinationPath: fixture.root + "/secret.txt")
        #expect(try await responder.test(.get, "/public/logo.svg").status == .notFound)
        // A symlink that pointed inside and now points out.
        try files.removeItem(atPath: fixture.publicFolder + "/inside.svg")
        try files.createSymbolicLink(
            atPath: fixture.publicFolder + "/inside.svg", withDestinationPath: fixture.root + "/secret.txt")
        #expect(try await responder.test(.get, "/public/inside.svg").status == .notFound)
    }

    @Test func largeFilesAreServedButNotKeptAndTheCacheIsBoundedAndReported() async throws {
        let fixture = try Fixture()
        let caches = Caches()
        let files = StaticFiles(
            folder: fixture.publicFolder, at: "/public", byteCapacity: 16 << 20, reportingIn: caches)
        var router = Router()
        router.mount(files)
        let responder = router.buildResponder()
        let big = [UInt8](repeating: UInt8(ascii: "a"), count: (256 << 10) + 1)
        try Data(big).write(to: URL(fileURLWithPath: fixture.publicFolder + "/big.txt"))
        let response = try await responder.test(.get, "/public/big.txt")
        #expect(response.status == .ok)
        #expect(response.body == big)
        #expect(files.cachedFileCount == 0, "over 256 KiB: read for every request")
        _ = try await responder.test(.get, "/public/logo.svg")
        #expect(files.cachedFileCount == 1)
        for index in 0..<1024 {
            try "\(index)".write(toFile: fixture.publicFolder + "/f\(index).txt", atomically: false, encoding: .utf8)
        }
        for index in 0..<1024 {
            #expect(try await responder.test(.get, "/public/f\(index).txt").bodyText == "\(index)")
            #expect(files.cachedFileCount <= 512)
        }
        let report = try #require(caches.reports.first)
        #expect(report.name == "files/public" && report.kept == files.cachedFileCount && report.capacity == 512)
        #expect(report.bytes > 0 && report.bytes <= report.byteCapacity)
        #expect(try await responder.test(.get, "/public/f3.txt").bodyText == "3", "one aged out is read again")
    }

    @Test func aDeletedFileIs404() async throws {
        let fixture = try Fixture()
        let responder = fixture.responder()
        #expect(try await responder.test(.get, "/public/logo.svg").status == .ok)
        try FileManager.default.removeItem(atPath: fixture.publicFolder + "/logo.svg")
        #expect(try await responder.test(.get, "/public/logo.svg").status == .notFound)
    }

    @Test func noDirectoryListingsOrHiddenFiles() async throws {
        let fixture = try Fixture()
        for path in ["/public/css", "/public/css/", "/public/", "/public/.env", "/public/missing.css"] {
            #expect(try await fixture.responder().test(.get, path).status == .notFound, "\(path)")
        }
    }

    @Test func anIndexFileAnswersForItsFolderWithAndWithoutTheSlash() async throws {
        let fixture = try Fixture()
        try "<p>css</p>".write(toFile: fixture.publicFolder + "/css/index.html", atomically: false, encoding: .utf8)
        var files = StaticFiles(folder: fixture.publicFolder, at: "/public")
        files.indexFile = "index.html"
        var router = Router()
        router.mount(files)
        let responder = router.buildResponder()
        for path in ["/public/css/", "/public/css"] {
            let answer = try await responder.test(.get, path)
            #expect(answer.status == .ok, "\(path)")
            #expect(answer.bodyText == "<p>css</p>", "\(path)")
            #expect(answer.headers["Content-Type"] == "text/html; charset=utf-8", "\(path)")
        }
        #expect(try await responder.test(.get, "/public/css/app.css").bodyText == "body{}")
        for path in ["/public/", "/public/.env", "/public/css/../../secret.txt", "/public/missing/"] {
            #expect(try await responder.test(.get, path).status == .notFound, "\(path)")
        }
        // Without it, the same folder is not served (noDirectoryListingsOrHiddenFiles).
        #expect(try await fixture.responder().test(.get, "/public/css/").status == .notFound)
    }

    /// Every traversal form, sent as raw bytes so that no client library normalises them first.
    @Test(arguments: [
        "/public/../Package.swift",
        "/public/css/../../secret.txt",
        "/public/%2e%2e/secret.txt",
        "/public/%2E%2E/secret.txt",
        "/public/.%2e/secret.txt",
        "/public/css%2f..%2f..%2fsecret.txt",
        "/public/..%5csecret.txt",
        "/public/%5c..%5csecret.txt",
        "/public/\\..\\secret.txt",
        "/public/css/..\\..\\secret.txt",
        "/public/%00/secret.txt",
        "/public//etc/passwd",
        "/public/%252e%252e/secret.txt",
    ])
    func traversalIs404(target: String) async throws {
        let fixture = try Fixture()
        try await withLiveServer(responder: fixture.responder()) { server in
            let response = try RawConnection(port: server.port).request(target)
            // A control character in a path is refused before routing (400); the rest find nothing (404).
            #expect(response.statusCode == (target.contains("%00") ? 400 : 404))
            #expect(response.bodyText != "secret")
        }
    }

    @Test func liveConditionalAndHead() async throws {
        let fixture = try Fixture()
        try await withLiveServer(responder: fixture.responder()) { server in
            let connection = try RawConnection(port: server.port)
            let first = try connection.request("/public/css/app.css")
            #expect(first.statusCode == 200)
            let etag = try #require(first.headers["ETag"])
            let second = try connection.request("/public/css/app.css", headers: ["If-None-Match: \(etag)"])
            #expect(second.statusCode == 304)
            let head = try connection.request("HEAD", "/public/css/app.css")
            #expect(head.statusCode == 200)
            #expect(head.headers["Content-Length"] == "6")
            #expect(head.body.isEmpty)
            #expect(try connection.request("/public/css/app.css").bodyText == "body{}")
        }
    }

    /// Over HTTP a request that comes again byte for byte is answered with the response sent before,
    /// while the path still names the file that was read: a change, a symlink out and a deletion are seen
    /// at once.
    @Test func liveAnswersSentAgainFollowTheFile() async throws {
        let fixture = try Fixture()
        try await withLiveServer(responder: fixture.responder()) { server in
            let connection = try RawConnection(port: server.port)
            func thrice(_ target: String, _ headers: [String] = []) throws -> [String] {
                try (0..<3).map { _ in
                    let response = try connection.request(target, headers: headers)
                    return "\(response.statusCode) \(response.bodyText)"
                }
            }
            #expect(try thrice("/public/css/app.css") == ["200 body{}", "200 body{}", "200 body{}"])
            let etag = try #require(try connection.request("/public/css/app.css").headers["ETag"])
            #expect(try thrice("/public/css/app.css", ["If-None-Match: \(etag)"]) == ["304 ", "304 ", "304 "])
            #expect(server.reusedForSameRequest.served >= 3)

            try "body{color:red}".write(
                toFile: fixture.publicFolder + "/css/app.css", atomically: false, encoding: .utf8)
            #expect(
                try thrice("/public/css/app.css") == [
                    "200 body{color:red}", "200 body{color:red}", "200 body{color:red}",
                ])
            #expect(
                try thrice("/public/css/app.css", ["If-None-Match: \(etag)"]) == [
                    "200 body{color:red}", "200 body{color:red}", "200 body{color:red}",
                ])

            #expect(try thrice("/public/logo.svg") == ["200 <svg/>", "200 <svg/>", "200 <svg/>"])
            #expect(try thrice("/public/inside.svg") == ["200 <svg/>", "200 <svg/>", "200 <svg/>"])
            let files = FileManager.default
            try files.removeItem(atPath: fixture.publicFolder + "/logo.svg")
            try files.createSymbolicLink(
                atPath: fixture.publicFolder + "/logo.svg", withDestinationPath: fixture.root + "/secret.txt")
            #expect(try thrice("/public/logo.svg").map { $0.prefix(3) } == ["404", "404", "404"])
            // A symlink that pointed inside, through the file now replaced by a symlink out.
            #expect(try thrice("/public/inside.svg").map { $0.prefix(3) } == ["404", "404", "404"])
            try files.removeItem(atPath: fixture.publicFolder + "/css/app.css")
            #expect(try thrice("/public/css/app.css").map { $0.prefix(3) } == ["404", "404", "404"])
        }
    }

    @Test func mediaTypes() {
        #expect(MediaType.forFileName("a.JS") == "text/javascript; charset=utf-8")
        #expect(MediaType.forFileName("a.unknown") == "application/octet-stream")
        #expect(MediaType.forFileName("noextension") == "application/octet-stream")
        #expect(MediaType.forFileName("dir.d/file") == "application/octet-stream")
    }
}
