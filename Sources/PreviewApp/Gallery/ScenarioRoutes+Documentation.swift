import Components
import HTTPCore

extension ScenarioRoutes {
    typealias Docs = RouteDocumentation

    /// Computed, not kept: a global enum whose payload pointer carries tag bits looks leaked to LeakSanitizer.
    static var scenarioSchema: Schema {
        Schema.object(
            [
                "id": .string(), "name": .string(), "sentence": .string(), "run": .string(),
                "steps": .array(
                    .object(
                        [
                            "name": .string(), "alongsidePrevious": .boolean,
                            "request": .object(
                                ["method": .string(), "path": .string(), "headers": .object([:]), "body": .string()],
                                required: ["method", "path", "headers", "body"]),
                            "expect": .array(.object([:])),
                        ], required: ["name", "request", "expect", "alongsidePrevious"])),
            ], required: ["id", "name", "sentence", "run", "steps"])
    }

    static func listDocs(_ name: String) -> Docs {
        Docs(
            "The \(name) component's scenarios: its stories as tests",
            description: "Each step is an HTTP request (method, path, headers, body) and what its answer must show "
                + "(status, a header, a JSON Pointer's value or a count of matching elements, text the body holds "
                + "or lacks). Put a fresh viewer id (v and 16 hexadecimal digits) for {viewer} and a token of your "
                + "own for {run}, and send each request with the Cookie viewer={viewer}; a step marked "
                + "alongsidePrevious is sent while the one before is in flight.",
            tags: ["Scenarios"],
            parameters: [],
            responses: [
                .json(
                    200, "The scenarios.",
                    .object(
                        ["component": .string(), "scenarios": .array(scenarioSchema)],
                        required: ["component", "scenarios"]))
            ])
    }

    static func runDocs(_ name: String, example: String) -> Docs {
        Docs(
            "Run one of the \(name) component's scenarios on this server",
            description: "Runs it against this server itself, as a fresh viewer, and answers what each step sent, "
                + "what came back, and whether it passed (with the reason). The answer is 200 whether the "
                + "scenario passed or not: see passed and failure.",
            tags: ["Scenarios"],
            parameters: [.path("id", .segment, "The scenario's id.", example: example)],
            form: [
                .field("viewer", .string(pattern: "^v[0-9a-f]{16}$"), "The run's viewer (a fresh one otherwise)."),
                .field("run", .string(pattern: "^[A-Za-z0-9]{1,32}$"), "The run's token (a fresh one otherwise)."),
                .field(
                    "step", .string(pattern: "^[0-9]{1,6}$"),
                    "Run only this step (its index) and those sent alongside it: a player's step. Past the last, nothing."
                ),
            ],
            responses: [
                .json(
                    200, "The report.",
                    .object(
                        [
                            "component": .string(), "scenario": .string(), "name": .string(), "viewer": .string(),
                            "passed": .boolean, "milliseconds": .integer(minimum: 0),
                            "failure": .anyOf([.string(), .null]), "steps": .array(.object([:])),
                        ], required: ["component", "scenario", "passed", "steps"])),
                .jsonError(400, "A field is malformed or unknown; the message names it."),
                .jsonError(404, "There is no such scenario."),
            ])
    }
}
