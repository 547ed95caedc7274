import Components
import HTTPCore

/// Every registered component's scenarios over HTTP: `GET /components/{name}/scenarios` lists them, each
/// step an HTTP request with what to expect of it (so that any HTTP tool can replay them), and
/// `POST /components/{name}/scenarios/{id}/run` runs one on this server against itself, as a fresh
/// viewer, answering a JSON report.
struct ScenarioRoutes: RouteCollection {
    /// Each component's scenarios, by catalogue name (only components that have some).
    let scenarios: [String: [Scenario]]
    let registry: ComponentRegistry

    /// The scenarios of `modules` that have a preview (whose name names them).
    static func scenarios(of modules: [any ComponentModule]) -> [String: [Scenario]] {
        var scenarios: [String: [Scenario]] = [:]
        for module in modules {
            guard let name = module.preview?.name, !module.scenarios.isEmpty else { continue }
            scenarios[name] = module.scenarios
        }
        return scenarios
    }

    func addRoutes(to routes: inout RouteGroup) {
        for (name, scenarios) in scenarios.sorted(by: { $0.key < $1.key }) {
            let listing = JSONValue.object([
                ("component", .string(name)), ("scenarios", .array(scenarios.map { $0.json(component: name) })),
            ])
            routes.get("/components/\(name)/scenarios", Self.listDocs(name)) { _ in
                var response = HTTPResponse.json(listing)
                response.headers["Cache-Control"] = "no-cache"
                return response
            }
            routes.add(
                .post, "/components/\(name)/scenarios/:id/run",
                documentation: Self.runDocs(name, example: scenarios[0].id),
                handler: RouteHandler { request in
                    let id = request.parameters["id"] ?? ""
                    guard let scenario = scenarios.first(where: { $0.id == id }) else {
                        throw HTTPError(
                            .notFound,
                            "\(name) has no scenario \(id); it has \(scenarios.map(\.id).joined(separator: ", ")).")
                    }
                    return .deferred { [registry] in
                        let report = await ScenarioRunner.inProcess(registry).run(scenario, component: name)
                        return HTTPResponse.json(report.json)
                    }
                })
        }
    }
}
