import HTTPCore
import Synchronization

/// `GET /openapi.json`: the OpenAPI 3.1 document of every route, itself included, built once from the
/// router's table and the documentation attached where each route is registered. It is made on its first
/// request, not at start: it grows with the catalogue (about 14 KB a component), and a server that is
/// restarted on every edit (`scripts/dev`) should not wait for a document nobody asked for.
struct OpenAPIRoute: RouteCollection {
    static let path = "/openapi.json"
    static var documentation: RouteDocumentation {
        RouteDocumentation(
            "This document", tags: ["Server"],
            responses: [.json(200, "OpenAPI 3.1.", .object(["openapi": .string(), "paths": .object([:])]))])
    }

    private let document: Document

    /// - Parameter jsonErrorPaths: Where errors are JSON besides the state endpoints (the modules' own).
    init(routes: [RouteTableEntry], jsonErrorPaths: [String]) {
        let json = (jsonErrorPaths + ["/components/{name}/state/"]).joined(separator: ", ")
        let all = routes + [RouteTableEntry(method: .get, pattern: Self.path, documentation: Self.documentation)]
        document = Document {
            OpenAPIDocument(
                title: "Self-Managed Preview",
                version: PreviewOptions.version.split(separator: " ").last.map(String.init) ?? "",
                description: "A local preview server for self-managed UI components: pages, component fragments, "
                    + "the components' own tap handlers (form POSTs), a JSON API and the gallery's controls. Errors "
                    + "are HTML pages with a readable message, or {\"error\": …} under \(json). Writes from other "
                    + "origins get 403, requests for other hosts 421.",
                routes: all
            ).json.encoded()
        }
    }

    /// The document's bytes, made by the first request that asks (under the lock: a second one waits for
    /// them rather than making them twice), then kept.
    private final class Document: Sendable {
        private let state: Mutex<(make: (@Sendable () -> [UInt8])?, bytes: [UInt8])>

        init(_ make: @escaping @Sendable () -> [UInt8]) {
            state = Mutex((make, []))
        }

        var bytes: [UInt8] {
            state.withLock { state in
                if let make = state.make {
                    state = (nil, make())
                }
                return state.bytes
            }
        }
    }

    func addRoutes(to routes: inout RouteGroup) {
        let document = self.document
        routes.get(Self.path, Self.documentation) { _ in
            var response = HTTPResponse(headers: ["Content-Type": "application/json"], body: document.bytes)
            response.headers["Cache-Control"] = "no-cache"
            return response
        }
    }
}
