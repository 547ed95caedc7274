@_spi(Runtime) import Basics
import Components
import HTML
import HTTPCore
import StateStore

/// The whole app: the registered modules (components and the pages that place them), the simulated
/// service, the event log, and the router over them. It names no component: everything a component
/// needs comes through its `ComponentModule`.
///
/// ```swift
/// let app = try Application(options: options) { context in Demo.modules(context) }
/// let response = try await app.responder.test(.get, "/feed")   // in-process, in tests
/// try app.serve()                                              // or for real
/// ```
public final class Application: Sendable {
    package let options: PreviewOptions
    /// What every module was built with: the event log, the service, the registry.
    package let context: ComponentContext
    /// The registered modules, in registration order.
    package let modules: [any ComponentModule]
    package let catalog: ComponentCatalog
    /// The states each variant can be drawn in (`?state=`), found on first use.
    let variantStates: VariantStates
    /// What the last `preview snapshots` run left, which `/snapshots` reviews.
    let snapshots: SnapshotReview
    /// The simulated network behind every change (a tap, a send).
    package var service: SimulatedService { context.simulation }
    /// The event log: the taps the app handled (the latest 500 unless said otherwise), newest first through
    /// `recent(limit:)`, as the gallery's log and `/events` show them.
    public var events: TapEventLog { context.events }
    /// Answers every route: the server serves it, and tests call it in process, without a socket
    /// (`responder.test(…)` from `HTTPTesting`).
    public let responder: RouterResponder
    /// Knows the bound port once the server runs.
    package let hostAllowList: HostAllowList
    /// Keeps every stateful component's committed state in the `--state` file, when there is one.
    package let persister: StatePersister?
    /// The link to the dev supervisor, when it runs this server.
    package let dev: DevSession?
    /// Every route with its documentation, as `/openapi.json` describes them.
    package let routeTable: [RouteTableEntry]

    /// Builds the app from the modules `components` makes.
    ///
    /// - Parameters:
    ///   - service: The toggles' "network"; the simulated one from the options when `nil`.
    ///   - clock: The time things are stamped with (a comment's); a test comparing two apps gives both one.
    ///   - components: Makes the modules to register, each from the context the app gives it (one line a
    ///     component: `LikeButton.module(context, baseCounts: …)`).
    /// - Throws: `ServerError` when the `--state` file is damaged or not ours (it is left untouched), or
    ///   when two modules share a name.
    public init(
        options: PreviewOptions = PreviewOptions(), service customService: (any ComponentService)? = nil,
        clock: @escaping @Sendable () -> Timestamp = { .now() },
        components: (ComponentContext) -> [any ComponentModule]
    ) throws(ServerError) {
        self.options = options
        let context = ComponentContext(
            events: TapEventLog(capacity: options.eventCapacity), service: customService,
            simulation: SimulatedService(settings: options.simulation), flashLimits: options.flashLimits,
            renderCache: options.renderCache, clock: clock)
        self.context = context
        let modules = components(context)
        self.modules = modules
        let catalog = ComponentCatalog(modules: modules)
        self.catalog = catalog
        let variantStates = VariantStates(catalog)
        self.variantStates = variantStates
        let states = try Self.states(of: modules)
        context.registry.register(states: states.map(\.state), navigation: modules.flatMap(\.navigation))

        if let path = options.stateFile {
            let opened: StateDatabase.Opened
            do throws(StateDatabase.Failure) {
                let known = Dictionary(uniqueKeysWithValues: states.map { ($0.name, $0.state.targets) })
                opened = try StateDatabase.open(stateFile: path, known: known)
            } catch {
                throw ServerError(error.message)
            }
            if let note = opened.note {
                StandardError.write(note + "\n")
            }
            let names = Set(states.map(\.name))
            for name in opened.stored.keys.sorted() where !names.contains(name) {
                StandardError.write(
                    "\(opened.database.path) keeps the state of \(name), which no module registers: left as it is\n")
            }
            for (name, state) in states {
                state.restore(opened.stored[name] ?? StoredState())
            }
            self.persister = StatePersister(
                database: opened.database,
                states: Dictionary(uniqueKeysWithValues: states.map { ($0.name, $0.state) }))
        } else {
            self.persister = nil
        }

        let hostAllowList = HostAllowList(extraNames: options.allowedHosts + [options.server.host])
        self.hostAllowList = hostAllowList

        var router = Router()
        // SecurityHeaders first, so that its headers are on every response, early refusals included.
        router.add(middleware: SecurityHeaders())
        router.add(middleware: hostAllowList)
        router.add(middleware: CrossOriginProtection())
        router.add(middleware: ViewerCookie(viewerlessPaths: Application.viewerlessPaths))
        let simulation = context.simulation
        let registry = context.registry
        let jsonErrorPaths = modules.flatMap(\.jsonErrorPaths)
        router.errorResponse = { error, request in
            Application.errorResponse(
                error, for: request, jsonUnder: jsonErrorPaths, settings: simulation.settings,
                navigation: registry.navigation, caches: registry.caches)
        }
        let scenarios = ScenarioRoutes.scenarios(of: modules)
        let dev = options.dev.map { DevSession(channelDescriptor: $0.channelDescriptor, build: $0.build) }
        self.dev = dev
        if let dev {
            router.add(middleware: DevClientInjection(build: dev.build))
            router.mount(DevRoutes(session: dev))
        }
        router.mount(StaticFiles(folder: options.publicFolder, at: "/public", reportingIn: context.caches))
        let docs = DocsRoutes(folder: options.docsFolder, reportingIn: context.caches)
        router.mount(docs)
        router.mount(ComponentStylesheet(modules: modules))
        let snapshots = SnapshotReview(
            folders: options.snapshots, acceptsChanges: Self.isLoopback(options.server.host),
            snapshots: { Snapshot.all(in: catalog, states: variantStates) })
        self.snapshots = snapshots
        let renderedFragments: BoundedCache<GalleryRoutes.FragmentKey, KeptBody>? = context.caches.make(
            "fragments", entries: Self.renderedFragmentCapacity, bytes: Self.renderedFragmentBytes, weigh: \.weight)
        if let renderedFragments {
            registry.noteRenderCache(.fragments) {
                let (count, hits, misses) = renderedFragments.statistics
                return RenderCacheStatistics(kept: count, hits: hits, misses: misses)
            }
        }
        router.mount(
            GalleryRoutes(
                catalog: catalog, states: states, pages: modules.flatMap(\.pages), registry: registry,
                service: simulation, events: context.events, startupSettings: options.simulation,
                renderedFragments: renderedFragments, placements: Placements(modules: modules), scenarios: scenarios,
                modules: Dictionary(
                    modules.compactMap { module in module.preview.map { ($0.name, module) } },
                    uniquingKeysWith: { first, _ in first }),
                docsBuilt: docs.isBuilt, variantStates: variantStates, snapshots: snapshots,
                catalogueDocument: CatalogueDocument(
                    catalog, stateful: Set(states.map(\.name)), withScenarios: Set(scenarios.keys),
                    variantStates: variantStates)
            ))
        router.mount(SnapshotRoutes(review: snapshots, catalog: catalog, registry: registry, service: simulation))
        router.mount(StatisticsRoutes(serving: serving, registry: registry, caches: context.caches))
        router.mount(ScenarioRoutes(scenarios: scenarios, registry: registry))
        for module in modules {
            router.mount(module)
        }
        router.mount(OpenAPIRoute(routes: router.routeTable, jsonErrorPaths: jsonErrorPaths))
        self.routeTable = router.routeTable
        self.responder = router.buildResponder()
        self.pages = OwnResponder(responder)
        registry.serve(pages: pages)
    }

    /// The server `serve` started, for `GET /stats`.
    private let serving = StatisticsRoutes.Serving()

    /// Lets `GET /stats` report `server`'s reuse counts (`serve` does this for the server it starts).
    package func reportStatistics(of server: HTTPServer) {
        serving.server.withLock { $0 = server }
    }

    /// The responder as components reach it through the registry (which holds it weakly, as the responder
    /// holds the modules that hold the registry): kept alive by this app.
    private let pages: OwnResponder

    private final class OwnResponder: HTTPResponder {
        let responder: RouterResponder

        init(_ responder: RouterResponder) {
            self.responder = responder
        }

        func respond(to request: consuming HTTPRequest) -> HTTPOutcome {
            responder.respond(to: request)
        }

        func respond(toUnreadable request: HTTPRequest, _ error: HTTPError) -> HTTPResponse {
            responder.respond(toUnreadable: request, error)
        }
    }

    /// The stateful modules' states under their catalogue names (the name of their `--state` section and
    /// state endpoint).
    private static func states(
        of modules: [any ComponentModule]
    ) throws(ServerError) -> [(name: String, state: any ComponentState)] {
        var states: [(name: String, state: any ComponentState)] = []
        var names: Set<String> = []
        for module in modules {
            if let name = module.preview?.name, !names.insert(name).inserted {
                throw ServerError("two components are registered under the name \(name)")
            }
            guard let state = module.keptState else { continue }
            guard let name = module.preview?.name else {
                throw ServerError("a module with state needs a preview, whose name names its state")
            }
            states.append((name, state))
        }
        return states
    }

    /// Rendered fragments kept at most (about 500 bytes each, weighed twice with the response kept for
    /// them and 512 for its headers: `KeptBody.weight`), and the bytes they may take.
    static let renderedFragmentCapacity = 1024
    static let renderedFragmentBytes = 2 << 20

    /// The paths whose answers are the same for every viewer: no viewer cookie there, and their own
    /// cache policy. Every other answer carries `Vary: Cookie` and, unless it says otherwise, `no-store`.
    static let viewerlessPaths = [
        "/public/", "/healthz", "/openapi.json", "/components.json", "/components.css", "/events/stream",
        "/dev/events", "/stats",
    ]

    /// The module's state registered under `name` (`like`), if any.
    package func state(named name: String) -> (any ComponentState)? {
        modules.first { $0.preview?.name == name }?.keptState
    }

    /// An HTML error page, or JSON under the modules' JSON paths (`jsonUnder`) and the kit's own JSON routes.
    static func errorResponse(
        _ error: HTTPError, for request: HTTPRequest, jsonUnder jsonPaths: [String], settings: SimulationSettings,
        navigation: [PageLink], caches: Caches? = nil
    ) -> HTTPResponse {
        var response: HTTPResponse
        if jsonPaths.contains(where: request.path.hasPrefix) || Self.isStateEndpoint(request.path) {
            response = .json(.object([("error", .string(error.message))]), status: error.status)
        } else {
            response = .html(
                ErrorPage(error: error, settings: settings, navigation: navigation, caches: caches).render(),
                status: error.status)
        }
        response.setHeaders(of: error)
        return response
    }

    /// `/components/{name}/state/…` and `/components/{name}/scenarios…`: they answer errors in JSON too.
    private static func isStateEndpoint(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count >= 4 && parts[1] == "components" && (parts[3] == "state" || parts[3] == "scenarios")
    }

    /// A server of this app on `configuration`'s address, answering at once, for a command that uses the
    /// app over HTTP (`snapshots`) or for `serve`; the caller shuts it down.
    ///
    /// - Throws: `ServerError` when the server cannot start.
    package func startServer(_ configuration: ServerConfiguration) throws(ServerError) -> HTTPServer {
        let server = try HTTPServer(configuration: configuration, responder: responder)
        hostAllowList.port = server.port
        return server
    }

    /// Starts the server, prints `listening on URL`, and runs until `SIGINT` or `SIGTERM`.
    ///
    /// - Throws: `ServerError` when the server cannot start.
    package func serve() throws(ServerError) {
        TerminationSignals.block()
        let server = try startServer(options.server)
        reportStatistics(of: server)
        StandardOutput.write("listening on \(server.url)\n")
        // Stopped in the reverse order: the server finishes its requests, the state is written for the
        // last time, the supervisor learns the settings for the next server.
        let simulation = service
        let services: [any Service] =
            (dev.map { [DevSession.Running($0) { simulation.settings }] } ?? []) + (persister.map { [$0] } ?? [])
            + [server]
        let group = ServiceGroup(services)
        waitForWork {
            _ = try? await group.run(until: TerminationSignals.stream()) { reason in
                switch reason {
                case .signal(let number):
                    StandardError.write("received signal \(number), finishing requests in flight\n")
                default:
                    StandardError.write("stopping (\(reason)), finishing requests in flight\n")
                }
            }
        }
        serving.server.withLock { $0 = nil }
    }

    /// Whether `host` is a loopback address, where a server may write files a person accepts.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
