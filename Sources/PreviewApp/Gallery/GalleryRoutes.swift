@_spi(Runtime) import Basics
import Components
import HTTPCore

/// The workshop around the registered components: the index, component pages, bare fragments and
/// frames, each stateful component's state endpoint, the JSON catalogue, the plain configuration's
/// recording action, simulation controls, the reset, the event log and its live stream.
struct GalleryRoutes: RouteCollection {
    let catalog: ComponentCatalog
    /// Every registered component's state by catalogue name, which `POST /reset` restores.
    let states: [(name: String, state: any ComponentState)]
    /// The modules' pages that place components, for the index.
    let pages: [PageLink]
    let registry: ComponentRegistry
    let service: SimulatedService
    let events: TapEventLog
    /// The simulation settings from the command line, which `POST /reset` restores.
    let startupSettings: SimulationSettings
    /// Rendered fragments by component and query (a fragment is a function of those alone), each with
    /// the libmicrohttpd response last sent for it (`KeptBody`): a fragment asked again by any returning
    /// viewer is sent without a response made. `nil` renders every request.
    let renderedFragments: BoundedCache<FragmentKey, KeptBody>?
    /// Which demo pages place which component.
    let placements: Placements
    /// Each component's scenarios, by name: the catalogue links them, component pages show them.
    let scenarios: [String: [Scenario]]
    /// The modules with a preview, by catalogue name: a component page's live instance is the module's
    /// `live` render of its target, as the viewer sees it now.
    let modules: [String: any ComponentModule]
    /// Whether the API reference is served at `/docs/` (the index links it then).
    let docsBuilt: Bool
    /// The states each variant can be drawn in, which the catalogue lists.
    let variantStates: VariantStates
    /// The pictures' review: each card shows its component's picture, each page its pictures' status.
    let snapshots: SnapshotReview
    /// `/components.json`, made once; it knows which components have a state endpoint.
    let catalogueDocument: CatalogueDocument

    struct FragmentKey: Hashable, Sendable {
        var component: String
        var query: FormFields
    }

    func addRoutes(to routes: inout RouteGroup) {
        routes.get("/healthz", Self.health) { _ in
            var response = HTTPResponse.text("ok\n")
            response.headers["Cache-Control"] = "no-store"
            return response
        }
        routes.get("/", Self.index) { _ in
            .html(
                IndexPage(
                    catalog: catalog, pages: pages, settings: service.settings, events: events.recent(limit: 50),
                    navigation: registry.navigation, caches: registry.caches, docsBuilt: docsBuilt,
                    snapshots: snapshots
                ).render())
        }
        routes.get("/events", Self.eventLog) { request in
            var recent = events.recent()
            if let component = request.query["component"] {
                recent.removeAll { $0.component != component }
            }
            if let viewer = request.query["viewer"] {
                recent.removeAll { $0.viewer.id != viewer }
            }
            if request.headers["Accept"]?.contains("application/json") == true {
                return .json(.array(recent.map(\.json)))
            }
            return .html(
                EventsPage(
                    events: recent, settings: service.settings, navigation: registry.navigation, caches: registry.caches
                ).render())
        }
        routes.get("/components.json", Self.catalogueDocs) { request in
            var response = HTTPResponse(
                headers: ["Content-Type": "application/json"],
                body: catalogueDocument.bytes(origin: Self.origin(of: request)))
            // The same request (its Host included) gets the same document while the server runs.
            response.reusableWhile = { true }
            response.headers["Cache-Control"] = "no-cache"  // the same for every viewer
            return response
        }
        // Each component's pages under its own name, so that each is described with its own parameters;
        // any other name is a 404.
        for (name, state) in states {
            guard let preview = catalog.named(name) else { continue }
            routes.get(
                "/components/\(name)/state/:target", Self.stateDocs(preview, example: state.targets.sorted().first)
            ) { request in
                let target = request.parameters["target"] ?? ""
                guard let json = state.json(for: target, viewer: request.viewer) else {
                    // In JSON, as every error of a state endpoint (`Application.errorResponse`).
                    throw HTTPError(.notFound, "\(preview.title) has nothing with the id \(target).")
                }
                return .json(json)
            }
        }
        for preview in catalog.all {
            let base = "/components/" + preview.name
            routes.get(base, Self.galleryDocs(preview, "component page")) { request in
                componentPage(try GalleryRequest(preview, query: request.query), request)
            }
            routes.get(base + "/fragment", Self.galleryDocs(preview, "fragment")) { request in
                var response = try fragment(preview, query: request.query)
                if renderedFragments != nil {
                    // A fragment is a function of its parameters alone (see `FragmentKey`).
                    response.reusableWhile = { true }
                }
                return response
            }
            routes.get(base + "/frame", Self.galleryDocs(preview, "frame")) { request in
                .html(try FramePage(gallery: try GalleryRequest(preview, query: request.query)).render())
            }
        }
        for suffix in ["", "/fragment", "/frame"] {
            routes.get("/components/:name" + suffix, Self.unknownComponentDocs(catalog.names)) { request in
                _ = try GalleryRequest(request, catalog: catalog)  // an unknown name: 404
                throw HTTPError(.notFound, "There is no such component.")
            }
        }
        routes.post("/gallery/actions/:name", Self.plainActionDocs(catalog.names)) { request in
            try recordPlainTap(request)
        }
        routes.post("/simulation", Self.simulationDocs) { request in
            try updateSimulation(request)
        }
        routes.post("/reset", Self.resetDocs) { request in
            try reset(request)
        }
        routes.get("/events/stream", Self.streamDocs) { request in
            EventStream.response(events: events, component: request.query["component"])
        }
    }

    /// A component's fragment for these parameters, rendered or kept from an earlier request; a bad
    /// parameter is an error, and errors are not kept.
    private func fragment(_ preview: ComponentPreview, query: FormFields) throws(HTTPError) -> HTTPResponse {
        guard let renderedFragments else {
            return .html(try GalleryRequest(preview, query: query).fragmentInState())
        }
        return .html(
            try renderedFragments.value(for: FragmentKey(component: preview.name, query: query)) {
                () throws(HTTPError) in
                KeptBody(try GalleryRequest(preview, query: query).fragmentInState())
            })
    }

    private func componentPage(_ gallery: GalleryRequest, _ request: HTTPRequest) -> HTTPResponse {
        let recent = events.recent(limit: 50).filter { $0.component == gallery.preview.title }
        var page = ComponentPage(
            gallery: gallery, settings: service.settings, events: recent, origin: Self.origin(of: request),
            placements: placements, navigation: registry.navigation, caches: registry.caches,
            hasState: catalogueDocument.stateful.contains(gallery.preview.name),
            scenarios: scenarios[gallery.preview.name] ?? [],
            snapshots: snapshots.summary(of: gallery.preview.name), variantStates: variantStates)
        if gallery.configuration == .selfManaged, let module = modules[gallery.preview.name] {
            let target = gallery.preview.instance(gallery.values)
            page.live = module.kind?.live(target, for: request.viewer, returnTo: gallery.pagePath + "#live").map {
                ComponentPage.Live(target: target, fragment: $0)
            }
        }
        return .html(page.render())
    }

    /// The plain configuration's action: records the tap (no business logic) and returns to the page.
    private func recordPlainTap(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = request.parameters["name"] ?? ""
        guard let preview = catalog.named(name) else {
            throw HTTPError(.notFound, "There is no component named \(name).")
        }
        let form = try request.formFields().taking(only: ["instance", "return_to"])
        let returnTo = LocalPath.validated(form["return_to"], fallback: "/components/\(preview.name)")
        events.record(
            TapEvent(
                component: preview.title,
                instance: form["instance"] ?? "",
                viewer: request.viewer,
                outcome: .recorded,
                location: returnTo
            ))
        return .redirect(to: returnTo)
    }

    /// `POST /simulation`: latency_ms, jitter_ms, failure_rate, seed (each optional), then back.
    private func updateSimulation(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = try request.formFields().taking(only: [
            "latency_ms", "jitter_ms", "failure_rate", "seed", "return_to",
        ])
        var settings = service.settings
        func integer(_ field: String) throws -> Int? {
            guard let text = form[field], !text.isEmpty else { return nil }
            guard let value = Int(text) else {
                throw HTTPError(.badRequest, "Invalid field \(field): must be a whole number, got \"\(text)\".")
            }
            return value
        }
        if let latency = try integer("latency_ms") { settings.latencyMilliseconds = latency }
        if let jitter = try integer("jitter_ms") { settings.jitterMilliseconds = jitter }
        if let text = form["failure_rate"], !text.isEmpty {
            guard let rate = Double(text) else {
                throw HTTPError(
                    .badRequest, "Invalid field failure_rate: must be a number from 0 to 1, got \"\(text)\".")
            }
            settings.failureRate = rate
        }
        if let text = form["seed"], !text.isEmpty {
            // Up to Int.max, as /openapi.json says (a JSON Schema integer), though seeds are 64-bit.
            guard let seed = Int(text), seed >= 0 else {
                throw HTTPError(
                    .badRequest,
                    "Invalid field seed: must be a whole number from 0 to \(Int.max), got \"\(text)\".")
            }
            settings.seed = UInt64(seed)
        }
        do {
            service.settings = try settings.validated()
        } catch {
            throw HTTPError(.badRequest, "Invalid field \(error.setting.replacingDashes): \(error.message).")
        }
        return .redirect(to: LocalPath.validated(form["return_to"], fallback: "/"))
    }

    /// `POST /reset`: the startup state again, for test suites that want each test to start alike. Every
    /// registered state back to its base data, no tap in flight, an empty event log, the command line's
    /// simulation settings; the state file follows. `303` to `return_to` when the form names one, else `204`.
    private func reset(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = try request.formFields().taking(only: ["return_to"])
        for (_, state) in states {
            state.reset()
        }
        events.removeAll()
        service.settings = startupSettings
        guard let returnTo = form["return_to"] else {
            return HTTPResponse(status: .noContent)
        }
        return .redirect(to: LocalPath.validated(returnTo, fallback: "/"))
    }

    /// `http://host:port` as the client addressed us, for copy-paste commands.
    static func origin(of request: HTTPRequest) -> String {
        "http://" + (request.headers["Host"] ?? "127.0.0.1:8080")
    }
}

extension String {
    fileprivate var replacingDashes: String {
        String(map { $0 == "-" ? "_" : $0 })
    }
}
