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

    /// What a player (the gallery's panel, step by step) asks for in the form: the run's `viewer` and `run`
    /// token (fresh ones otherwise) and the `step` to run from, with those sent alongside it (every step
    /// otherwise).
    static func playing(
        _ request: HTTPRequest, _ scenario: Scenario
    ) throws(HTTPError) -> (ScenarioVariables, Int?) {
        let form =
            request.body.isEmpty ? FormFields() : try request.formFields().taking(only: ["viewer", "run", "step"])
        var variables = ScenarioVariables.fresh()
        if let viewer = form["viewer"] {
            guard viewer.utf8.count == Viewer.idByteCount, Viewer(id: viewer)?.id == viewer else {
                throw HTTPError(.badRequest, "The viewer field must be v and 16 lowercase hexadecimal digits.")
            }
            variables.viewer = viewer
        }
        if let run = form["run"] {
            let alphanumeric = run.utf8.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            }
            guard (1...32).contains(run.utf8.count), alphanumeric else {
                throw HTTPError(.badRequest, "The run field must be 1–32 letters and digits.")
            }
            variables.run = run
        }
        var from: Int?
        if let step = form["step"] {
            guard !step.isEmpty, step.utf8.count <= 6, step.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let index = Int(step)
            else {
                throw HTTPError(.badRequest, "The step field must be a step's index: 0 to \(scenario.steps.count - 1).")
            }
            from = index
        }
        return (variables, from)
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
                    let (variables, from) = try Self.playing(request, scenario)
                    return .deferred { [registry] in
                        let report = await ScenarioRunner.inProcess(registry).run(
                            scenario, component: name, variables: variables, from: from)
                        return HTTPResponse.json(report.json)
                    }
                })
        }
    }
}
