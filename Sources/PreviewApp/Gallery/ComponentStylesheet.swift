@_spi(Runtime) import Basics
import Components
import HTTPCore
import Synchronization

/// `GET /components.css`: every registered component's styles (`ComponentModule.styles`) in one
/// stylesheet, in registration order, which every page links after the kit's own. It is the same for
/// every viewer and revalidated like `/public` (`ETag`, `304`, `Cache-Control: no-cache`).
///
/// Styles from files (`ComponentStyles.file`) are read again when one of the files changes (one `stat`
/// each per request), so an edited `LikeButton.css` is served at the next request without a build.
final class ComponentStylesheet: RouteCollection, Sendable {
    static let path = "/components.css"

    /// The stylesheet as built from the files as they were.
    private struct Built: Sendable {
        var identities: [FileIdentity?]
        var bytes: [UInt8]
        var etag: String
    }

    private let sections: [(title: String, styles: ComponentStyles)]
    private let paths: [String]
    private let built: Mutex<Built>

    init(modules: [any ComponentModule]) {
        sections = modules.compactMap { module in
            module.styles.map { (module.preview?.title ?? "a module", $0) }
        }
        paths = sections.compactMap(\.styles.path)
        built = Mutex(Self.build(sections, identities: paths.map(FileIdentity.of)))
    }

    private static func build(
        _ sections: [(title: String, styles: ComponentStyles)], identities: [FileIdentity?]
    ) -> Built {
        var css = "/* Every registered component's styles (ComponentModule.styles), in registration order. */\n"
        for section in sections {
            css += "\n/* \(section.title.replacingOccurrences(of: "*/", with: "* /")) */\n" + section.styles.css
            if !css.hasSuffix("\n") { css += "\n" }
        }
        let bytes = Array(css.utf8)
        // The same styles, the same tag.
        let hash = FNV1a(bytes).value
        return Built(identities: identities, bytes: bytes, etag: "\"" + String(hash, radix: 16) + "\"")
    }

    /// The stylesheet as the files are now, and the identities it was built from.
    private func current() -> Built {
        let identities = paths.map(FileIdentity.of)
        return built.withLock { built in
            if built.identities != identities {
                built = Self.build(sections, identities: identities)
            }
            return built
        }
    }

    func addRoutes(to routes: inout RouteGroup) {
        let documentation = RouteDocumentation(
            "Every registered component's styles, in one stylesheet", tags: ["Static files"],
            parameters: [.header("If-None-Match", .text(), "An ETag from an earlier answer.")],
            responses: [
                RouteDocumentation.Response(
                    200, "The stylesheet.", mediaType: "text/css",
                    headers: [
                        .init("ETag", required: true, .string(), "Changes when the styles do."),
                        .init("Cache-Control", required: true, .string(enum: ["no-cache"]), "Revalidate each time."),
                    ]),
                .init(304, "Not modified since the ETag given."),
            ])
        routes.get(Self.path, documentation) { request in
            let stylesheet = self.current()
            var headers: HTTPHeaders = ["ETag": stylesheet.etag, "Cache-Control": "no-cache"]
            if let match = request.headers["If-None-Match"], StaticFiles.etag(stylesheet.etag, matches: match) {
                return HTTPResponse(status: .notModified, headers: headers)
            }
            headers["Content-Type"] = "text/css; charset=utf-8"
            var response = HTTPResponse(status: .ok, headers: headers, body: stylesheet.bytes)
            let identities = stylesheet.identities
            response.reusableWhile = { [paths = self.paths] in paths.map(FileIdentity.of) == identities }
            return response
        }
    }
}
