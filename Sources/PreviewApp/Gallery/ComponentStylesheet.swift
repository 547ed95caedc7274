import Components
import HTTPCore

/// `GET /components.css`: every registered component's styles (`ComponentModule.styles`) in one
/// stylesheet, in registration order, which every page links after the kit's own. It is the same for
/// every viewer and revalidated like `/public` (`ETag`, `304`, `Cache-Control: no-cache`).
struct ComponentStylesheet: RouteCollection {
    static let path = "/components.css"

    let bytes: [UInt8]
    let etag: String

    init(modules: [any ComponentModule]) {
        var css = "/* Every registered component's styles (ComponentModule.styles), in registration order. */\n"
        for module in modules {
            guard let styles = module.styles else { continue }
            css += "\n/* \(module.preview?.title ?? "a module") */\n" + styles.css
            if !css.hasSuffix("\n") { css += "\n" }
        }
        bytes = Array(css.utf8)
        // FNV-1a of the bytes: the stylesheet changes only with a new build, which this names.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        etag = "\"" + String(hash, radix: 16) + "\""
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
            var headers: HTTPHeaders = ["ETag": etag, "Cache-Control": "no-cache"]
            if let match = request.headers["If-None-Match"], StaticFiles.etag(etag, matches: match) {
                return HTTPResponse(status: .notModified, headers: headers)
            }
            headers["Content-Type"] = "text/css; charset=utf-8"
            var response = HTTPResponse(status: .ok, headers: headers, body: bytes)
            response.reusableWhile = { true }
            return response
        }
    }
}
