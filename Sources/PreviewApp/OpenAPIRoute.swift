import HTTPCore

/// `GET /openapi.json`: the OpenAPI 3.1 document of every route, itself included, built once from the
/// router's table and the documentation attached where each route is registered. It is made at start, and
/// the routes are not kept: a document made on its first request had to keep them, and AddressSanitizer
/// found their documentation's schemas leaked with every app (direct leaks of `Schema`'s boxes, whether
/// the routes were kept in a closure or a property), which the toolchain's release of them, not a cycle of
/// ours, explains. Its cost at start, with the catalogue, is in docs/PERFORMANCE.md.
struct OpenAPIRoute: RouteCollection {
    static let path = "/openapi.json"
    static var documentation: RouteDocumentation {
        RouteDocumentation(
            "This document", tags: ["Server"],
            responses: [.json(200, "OpenAPI 3.1.", .object(["openapi": .string(), "paths": .object([:])]))])
    }

    let document: [UInt8]

    /// - Parameter jsonErrorPaths: Where errors are JSON besides the state endpoints (the modules' own).
    init(routes: [RouteTableEntry], jsonErrorPaths: [String]) {
        let json = (jsonErrorPaths + ["/components/{name}/state/"]).joined(separator: ", ")
        let all = routes + [RouteTableEntry(method: .get, pattern: Self.path, documentation: Self.documentation)]
        document = OpenAPIDocument(
            title: "Self-Managed Preview",
            version: PreviewOptions.version.split(separator: " ").last.map(String.init) ?? "",
            description: "A local preview server for self-managed UI components: pages, component fragments, the "
                + "components' own tap handlers (form POSTs), a JSON API and the gallery's controls. Errors are HTML "
                + "pages with a readable message, or {\"error\": …} under \(json). Writes from other origins get 403, "
                + "requests for other hosts 421.",
            routes: all
        ).json.encoded()
    }

    func addRoutes(to routes: inout RouteGroup) {
        let document = self.document
        routes.get(Self.path, Self.documentation) { _ in
            var response = HTTPResponse(headers: ["Content-Type": "application/json"], body: document)
            response.headers["Cache-Control"] = "no-cache"
            return response
        }
    }
}
