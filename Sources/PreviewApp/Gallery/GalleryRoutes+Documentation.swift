import Components
import HTTPCore

/// What the gallery's routes say of themselves in `/openapi.json`.
extension GalleryRoutes {
    typealias Docs = RouteDocumentation

    static var catalogueDocs: Docs {
        Docs(
            "The catalogue: components, parameters, variants, actions", tags: ["Gallery"],
            responses: [.json(200, "Every registered component.", .object(["components": .array(.object([:]))]))])
    }

    /// A component's page, fragment or frame, with that component's own parameters.
    static func galleryDocs(_ preview: ComponentPreview, _ kind: String) -> Docs {
        var parameters: [Docs.Parameter] = [
            .query(
                "config", .string(enum: ComponentPreview.Configuration.allCases.map(\.rawValue)), "Which configuration."
            )
        ]
        for parameter in preview.parameters {
            parameters.append(
                .query(parameter.name, schema(of: parameter.kind), parameter.summary, example: parameter.defaultValue))
        }
        var responses: [Docs.Response] = [
            .html(200, "The \(kind)."), .htmlError(400, "A parameter is not acceptable; the message names it."),
        ]
        if kind != "component page", !preview.parameters.contains(where: { $0.name == "state" }) {
            parameters.append(
                .query(
                    "state", .string(enum: PreviewState.allCases.map(\.rawValue)),
                    "The state drawn: as declared (shown), or as a tap on it leads: at once (optimistic), after a "
                        + "commit, after a rollback. /components.json lists each variant's."))
            responses.append(
                .htmlError(
                    404, "These values have no such state (a tap in flight, one that navigates, or config=plain)."))
        }
        parameters.append(Viewer.cookieParameter)
        return Docs("\(preview.title): the \(kind)", tags: ["Gallery"], parameters: parameters, responses: responses)
    }

    static func schema(of kind: PreviewParameter.Kind) -> Schema {
        switch kind {
        case .text: .text(maxLength: 1000)
        case .integer(let minimum): .integer(minimum: minimum, maximum: 1_000_000_000_000)
        case .boolean: .booleanText
        case .choice(let values): .string(enum: values)
        case .imageURL:
            .string(
                pattern:
                    "^(https?://[A-Za-z0-9.-]+(/[A-Za-z0-9./-]*)?|/[A-Za-z0-9._-][A-Za-z0-9./_-]*|data:image/png;base64,[A-Za-z0-9+/=]*)?$"
            )
        case .localPath: .string(pattern: "^(/[A-Za-z0-9._-][A-Za-z0-9./_-]*)?$")
        }
    }

    static func unknownComponentDocs(_ names: [String]) -> Docs {
        Docs(
            "Any other component name", tags: ["Gallery"],
            parameters: [
                .path(
                    "name",
                    .string(
                        pattern:
                            "^(?!(\(names.joined(separator: "|")))$)[^\\x00-\\x1F\\x7F]+$"),
                    "Not a registered component.")
            ],
            responses: [.htmlError(404, "There is no such component."), .badField])
    }

    static func plainActionDocs(_ names: [String]) -> Docs {
        Docs(
            "The plain configuration's tap: recorded in the event log, nothing else", tags: ["Gallery"],
            parameters: [
                .path("name", .string(enum: names), "The component."),
                Viewer.cookieParameter,
            ],
            form: [
                .field("instance", .text(), "Which instance was tapped."),
                .field("return_to", .text(), "A local path to come back to."),
            ],
            responses: [
                .seeOther("Back to return_to."), .badField, .htmlError(404, "No such component."), .unsupportedForm,
            ])
    }

    static var simulationDocs: Docs {
        let milliseconds = Schema.integer(
            minimum: SimulationSettings.milliseconds.lowerBound, maximum: SimulationSettings.milliseconds.upperBound)
        return Docs(
            "Change the simulated service behind every toggle", tags: ["Gallery"],
            parameters: [Viewer.cookieParameter],
            form: [
                .field("latency_ms", milliseconds, "Latency of each service call (a like, a follow)."),
                .field("jitter_ms", milliseconds, "Up to this much extra latency."),
                .field(
                    "failure_rate",
                    .number(
                        minimum: SimulationSettings.failureRates.lowerBound,
                        maximum: SimulationSettings.failureRates.upperBound),
                    "Probability that a service call fails."),
                .field("seed", .integer(minimum: 0, maximum: Int.max), "Seed for reproducible outcomes."),
                .field("return_to", .text(), "A local path to come back to."),
            ],
            responses: [.seeOther("Back to return_to."), .badField, .unsupportedForm])
    }

    static var resetDocs: Docs {
        Docs(
            "Back to the startup state (for test isolation)",
            description: "Every registered component's state back to its base data (likes and follows to the "
                + "fixtures' counts), no tap in flight, an empty event log, the simulation settings from the "
                + "command line; with --state the database is emptied to match, in one transaction.",
            tags: ["Gallery"],
            parameters: [Viewer.cookieParameter],
            form: [.field("return_to", .text(), "A local path to come back to; without it, 204.")],
            responses: [
                .seeOther("Back to return_to."), .noContent("Done (no return_to)."), .badField, .unsupportedForm,
            ])
    }

    static var streamDocs: Docs {
        Docs(
            "The handled taps as server-sent events", tags: ["Gallery"],
            parameters: [.query("component", .text(), "Only this component's taps (its title).")],
            responses: [
                .init(200, "One event per handled tap.", mediaType: "text/event-stream", schema: .string()), .badField,
            ])
    }

    static var health: Docs {
        Docs("Health check", tags: ["Server"], responses: [.text(200, "ok")])
    }

    static var index: Docs {
        Docs(
            "The gallery index", tags: ["Pages"], parameters: [Viewer.cookieParameter],
            responses: [.html(200, "The page.")])
    }

    static var eventLog: Docs {
        Docs(
            "The handled taps, newest first", tags: ["Pages", "API"],
            parameters: [
                .header("Accept", .text(), "One that names application/json gets JSON; anything else HTML."),
                .query("component", .text(), "Only this component's taps (its title, such as LikeButton)."),
                .query(
                    "viewer", .text(), "Only this viewer's taps (as events name them: v and 16 hexadecimal digits)."),
                Viewer.cookieParameter,
            ],
            responses: [
                Docs.Response(
                    200, "HTML, or with Accept: application/json an array of tap events.", mediaType: "text/html",
                    schema: .string(), alternatives: [("application/json", .array(.object([:])))]),
                .badField,
            ])
    }

    /// A stateful component's state endpoint, `GET /components/{name}/state/{target}`.
    static func stateDocs(_ preview: ComponentPreview, example: String?) -> Docs {
        Docs(
            "\(preview.title): the state of one target for the requesting viewer", tags: ["Components", "API"],
            parameters: [
                .path("target", .segment, "What the component shows: a post, a user.", example: example),
                Viewer.cookieParameter,
            ],
            responses: [
                .json(
                    200, "The committed state, and whether a tap of this viewer's is in flight (pending).",
                    .object(["target": .string(), "pending": .boolean], required: ["pending", "target"])),
                .jsonError(400, "A malformed target."),
                .jsonError(404, "There is no such target."),
            ])
    }
}
