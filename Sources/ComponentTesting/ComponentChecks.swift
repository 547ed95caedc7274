import Components
import HTML
import HTTPCore
import HTTPTesting
import PreviewApp

/// Every check the kit runs on its own components, for any list of modules, in one call:
/// - every variant of every component, in both configurations, renders well-formed through the fragment
///   endpoint and the frame;
/// - every component page answers, shows every variant, is well-formed, and has no element id twice;
/// - the gallery's index, `/components.json` and `/openapi.json` answer;
/// - every route is documented, and each action the catalogue lists is a route that `/openapi.json`
///   describes with the same form fields;
/// - every scenario passes, in process;
/// - nothing kept goes stale after any example tap (`RenderCacheCheck`);
/// - an answer that leaves out what the browser holds puts back to the whole answer (`KeptAnswerCheck`);
/// - a tap without script shows its outcome in the gallery (`GalleryTapCheck`).
///
/// ```swift
/// @Test func everyComponentPassesEveryCheck() async throws {
///     #expect(try await ComponentChecks.problems { MyComponents.modules($0) } == [])
/// }
/// ```
public enum ComponentChecks {
    /// What went wrong, one line each; empty when every check passes for every module.
    public static func problems(
        options: PreviewOptions = PreviewOptions(),
        components: @escaping (ComponentContext) -> [any ComponentModule]
    ) async throws -> [String] {
        let app = try Application(options: options.forChecks, components: components)
        var problems = routesDocumented(app)
        problems += try await galleryAnswers(app)
        for preview in app.modules.compactMap(\.preview) {
            problems += try await variants(of: preview, in: app)
            problems += try await componentPage(of: preview, in: app)
            problems += try await actionsDescribed(of: preview, in: app)
        }
        problems += try await scenarios(in: app)
        problems += try await RenderCacheCheck.differences(options: options, components: components)
        problems += try await KeptAnswerCheck.problems(options: options, components: components)
        problems += try await GalleryTapCheck.problems(options: options, components: components)
        return problems
    }

    /// Every variant of `preview`, in both configurations, through the fragment endpoint and the frame:
    /// `200`, one fragment without a layout, well-formed, and inside its frame.
    public static func variants(of preview: ComponentPreview, in app: Application) async throws -> [String] {
        var problems: [String] = []
        if preview.variants.isEmpty {
            problems.append("\(preview.name): no variants")
        }
        for configuration in ComponentPreview.Configuration.allCases {
            for variant in preview.variants {
                var query = FormFields([FormFields.Field(name: "config", value: configuration.rawValue)])
                for (name, value) in variant.parameters { query.append(name, value) }
                let path = "/components/\(preview.name)/fragment?\(query.encoded)"
                let fragment = try await app.responder.test(.get, path)
                let name = "\(preview.name), \(variant.name) (\(configuration.rawValue))"
                guard fragment.status == .ok else {
                    problems.append("\(name): GET \(path) answers \(fragment.status.code)")
                    continue
                }
                if fragment.bodyText.contains("<html") {
                    problems.append("\(name): the fragment has a page's layout")
                }
                problems += HTMLWellFormedness.check(fragment.body).map { "\(name): \($0)" }
                let frame = try await app.responder.test(
                    .get, "/components/\(preview.name)/frame?\(query.encoded)")
                if frame.status != .ok || !frame.bodyText.contains(fragment.bodyText) {
                    problems.append("\(name): the frame (\(frame.status.code)) does not hold the fragment")
                }
            }
        }
        return problems
    }

    /// `/components/{name}`: `200`, every variant's section, well-formed, and no element id twice outside
    /// the markup it shows as text.
    public static func componentPage(of preview: ComponentPreview, in app: Application) async throws -> [String] {
        let path = "/components/\(preview.name)"
        let page = try await app.responder.test(.get, path)
        guard page.status == .ok else { return ["GET \(path) answers \(page.status.code)"] }
        let html = page.bodyText
        var problems: [String] = []
        for variant in preview.variants where !html.contains("id=\"variant-\(variant.slug)\"") {
            problems.append("\(path) has no section for the variant \(variant.name)")
        }
        problems += HTMLWellFormedness.check(page.body).map { "\(path): \($0)" }
        // Outside the <pre> blocks, which show markup as text.
        let markup = html.split(separator: "<pre", omittingEmptySubsequences: false).map {
            $0.split(separator: "</pre>", omittingEmptySubsequences: false).last ?? ""
        }.joined()
        var seen: Set<Substring> = []
        for piece in markup.split(separator: " id=\"", omittingEmptySubsequences: false).dropFirst() {
            let id = piece.prefix { $0 != "\"" }
            if !seen.insert(id).inserted {
                problems.append("\(path): the element id \(id) is there twice")
            }
        }
        return problems
    }

    /// Every route has a description, which `/openapi.json` is made of.
    public static func routesDocumented(_ app: Application) -> [String] {
        app.routeTable.filter { $0.documentation == nil }.map {
            "\($0.method) \($0.pattern) has no documentation (RouteDocumentation): /openapi.json leaves it out"
        }
    }

    /// Each action the catalogue lists for `preview` is a `POST` that `/openapi.json` describes, with the
    /// action's form fields, required as the action says.
    public static func actionsDescribed(of preview: ComponentPreview, in app: Application) async throws -> [String] {
        let answer = try await app.responder.test(.get, "/openapi.json")
        let document = try JSONValue(parsing: answer.body)
        var problems: [String] = []
        for action in preview.actions {
            let pointer =
                "/paths/\(pointerToken(action.path))/post/requestBody/content/"
                + "application~1x-www-form-urlencoded/schema"
            guard case .object(let schema)? = document[pointer],
                case .object(let properties)? = schema.first(where: { $0.0 == "properties" })?.1
            else {
                problems.append("\(preview.name): the action POST \(action.path) is not described in /openapi.json")
                continue
            }
            let described = Set(properties.map(\.0))
            let required: Set<String> =
                if case .array(let names)? = schema.first(where: { $0.0 == "required" })?.1 {
                    Set(names.compactMap { if case .string(let name) = $0 { name } else { nil } })
                } else {
                    []
                }
            if described != Set(action.fields.map(\.name)) {
                problems.append(
                    "\(preview.name): POST \(action.path) takes \(described.sorted()) in /openapi.json, "
                        + "the catalogue says \(action.fields.map(\.name).sorted())")
            }
            if required != Set(action.fields.filter(\.required).map(\.name)) {
                problems.append("\(preview.name): POST \(action.path) requires \(required.sorted()) in /openapi.json")
            }
        }
        return problems
    }

    /// The gallery's index (well-formed), `/components.json` and `/openapi.json` answer `200`.
    public static func galleryAnswers(_ app: Application) async throws -> [String] {
        var problems: [String] = []
        for path in ["/", "/components.json", "/openapi.json"] {
            let answer = try await app.responder.test(.get, path)
            if answer.status != .ok {
                problems.append("GET \(path) answers \(answer.status.code)")
            } else if path == "/" {
                problems += HTMLWellFormedness.check(answer.body).map { "GET /: \($0)" }
            }
        }
        return problems
    }

    /// Every scenario of every module, run in process through `POST /components/{name}/scenarios/{id}/run`.
    public static func scenarios(in app: Application) async throws -> [String] {
        var problems: [String] = []
        for module in app.modules {
            guard let name = module.preview?.name else { continue }
            for scenario in module.scenarios {
                let path = "/components/\(name)/scenarios/\(scenario.id)/run"
                let answer = try await app.responder.test(.post, path)
                let report = try? JSONValue(parsing: answer.body)
                if answer.status != .ok || report?["/passed"] != .bool(true) {
                    let failure = report?["/failure"].map { "\($0)" } ?? "answered \(answer.status.code)"
                    problems.append("\(name): the scenario \"\(scenario.name)\" failed: \(failure)")
                }
            }
        }
        return problems
    }

    /// A path as one token of a JSON Pointer (RFC 6901).
    private static func pointerToken(_ path: String) -> String {
        path.replacing("~", with: "~0").replacing("/", with: "~1")
    }
}
