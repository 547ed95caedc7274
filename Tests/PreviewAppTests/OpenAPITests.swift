import Components
import Foundation
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// `/openapi.json` cannot drift from the routes: every route is described, every described route
/// exists, and the document is what the route table says.
@Suite struct OpenAPITests {
    static func document(_ app: Application) async throws -> [String: Any] {
        let response = try await app.responder.test(.get, "/openapi.json")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    static func devApp() throws -> Application {
        var options = PreviewOptions()
        options.publicFolder = PackagePaths.publicFolder
        options.dev = DevConnection(channelDescriptor: -1, build: "1")
        return try Application(options: options)
    }

    @Test(arguments: [false, true])
    func everyRegisteredRouteIsDescribed(dev: Bool) throws {
        let app = dev ? try Self.devApp() : makeApp()
        let undescribed = app.routeTable.filter { $0.documentation == nil }.map { "\($0.method) \($0.pattern)" }
        #expect(undescribed.isEmpty, "routes without a description: \(undescribed)")
        #expect(app.routeTable.contains { $0.pattern == "/openapi.json" })
        #expect(app.routeTable.contains { $0.pattern == "/dev/events" } == dev)
    }

    @Test func everyDescribedOperationIsARouteAndEveryRouteIsDescribed() async throws {
        let app = makeApp()
        let document = try await Self.document(app)
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var described: Set<String> = []
        for (path, operations) in paths {
            for method in operations.keys { described.insert("\(method.uppercased()) \(path)") }
        }
        let routed = Set(app.routeTable.map { "\($0.method) \(OpenAPIDocument.openAPIPath($0.pattern))" })
        #expect(
            described == routed,
            "described but not routed: \(described.subtracting(routed)); routed but not described: \(routed.subtracting(described))"
        )
    }

    @Test func pathParametersAreExactlyThePatternsOwn() async throws {
        let app = makeApp()
        let paths = try #require(try await Self.document(app)["paths"] as? [String: [String: [String: Any]]])
        for (path, operations) in paths {
            let inPath = Set(
                path.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) })
            for (method, operation) in operations {
                let parameters = (operation["parameters"] as? [[String: Any]]) ?? []
                let declared = Set(
                    parameters.filter { $0["in"] as? String == "path" }.compactMap { $0["name"] as? String })
                #expect(declared == inPath, "\(method) \(path)")
                #expect(operation["responses"] as? [String: Any] != nil, "\(method) \(path)")
            }
        }
    }

    /// Each documented example reaches the route's real work: the status it answers is documented.
    @Test func theDocumentedExamplesAnswerADocumentedStatus() async throws {
        let app = makeApp()
        let paths = try #require(try await Self.document(app)["paths"] as? [String: [String: [String: Any]]])
        // The reference's routes answer 404 until scripts/docs built it (DocsRoutesTests covers both).
        for (path, operations) in paths where path != "/events/stream" && !path.hasPrefix("/docs") {
            guard let operation = operations["get"] else { continue }
            var target = path
            var query: [String] = []
            for parameter in (operation["parameters"] as? [[String: Any]]) ?? [] {
                guard let name = parameter["name"] as? String, let example = parameter["example"] as? String else {
                    continue
                }
                switch parameter["in"] as? String {
                case "path": target = target.replacingOccurrences(of: "{\(name)}", with: example)
                case "query": query.append("\(name)=\(PercentEncoding.encodeQueryValue(example))")
                default: break
                }
            }
            if target.contains("{") { continue }  // a path whose parameter has no example
            if !query.isEmpty { target += "?" + query.joined(separator: "&") }
            let response = try await app.responder.test(.get, target)
            let documented = Set(((operation["responses"] as? [String: Any]) ?? [:]).keys)
            #expect(documented.contains(String(response.status.code)), "GET \(target) answered \(response.status.code)")
            #expect(response.status.code == 200, "GET \(target): the example should reach the page itself")
        }
    }
}
