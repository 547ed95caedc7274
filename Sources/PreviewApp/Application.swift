import Basics
import Components
import HTML
import HTTPCore

/// The whole app: data, like and follow state, the simulated service, the event log, and the router over
/// them.
///
/// ```swift
/// let app = Application(options: options)
/// let response = try await app.responder.test(.get, "/feed")   // in-process, in tests
/// try app.serve()                                              // or for real
/// ```
public final class Application: Sendable {
    public let options: PreviewOptions
    public let fixtures: Fixtures
    /// Who likes which post.
    public let likes: ToggleStore
    /// Who follows whom.
    public let follows: ToggleStore
    /// The simulated network behind likes and follows.
    public let service: SimulatedService
    public let events: TapEventLog
    public let responder: RouterResponder
    /// Knows the bound port once the server runs.
    public let hostAllowList: HostAllowList
    let pages: PageRoutes
    /// Keeps committed likes and follows in the `--state` file, when there is one.
    public let persister: ToggleStatePersister?
    /// The link to the dev supervisor, when it runs this server.
    public let dev: DevSession?
    /// Every route with its documentation, as `/openapi.json` describes them.
    public let routeTable: [RouteTableEntry]

    /// Builds the app.
    ///
    /// - Parameters:
    ///   - likeService: The like "network"; the simulated one from the options when `nil`.
    ///   - followService: The follow "network"; the simulated one from the options when `nil`.
    /// - Throws: `ServerError` when the `--state` file is damaged or not ours (it is left untouched).
    public init(
        options: PreviewOptions = PreviewOptions(), fixtures: Fixtures = .demo, likeService: (any LikeService)? = nil,
        followService: (any FollowService)? = nil
    ) throws(ServerError) {
        self.options = options
        self.fixtures = fixtures
        let service = SimulatedService(settings: options.simulation)
        let baseCounts: [String: [String: Int]] = [
            Self.likesSection: Dictionary(
                fixtures.posts.map { ($0.id, $0.baseLikes) }, uniquingKeysWith: { a, _ in a }),
            Self.followsSection: Dictionary(
                fixtures.users.map { ($0.uid, $0.baseFollowers) }, uniquingKeysWith: { a, _ in a }),
        ]
        let stateFile = options.stateFile.map { ToggleStateFile(path: $0) }
        var restored: [String: [String: Set<Viewer>]] = [:]
        if let stateFile {
            do {
                restored = try stateFile.load(known: baseCounts.mapValues { Set($0.keys) }) ?? [:]
            } catch {
                throw ServerError(error.message)
            }
        }
        var stores: [String: ToggleStore] = [:]
        for (section, counts) in baseCounts {
            stores[section] = ToggleStore(
                baseCounts: counts, members: restored[section] ?? [:], flashLimits: options.flashLimits)
        }
        self.likes = stores[Self.likesSection]!
        self.follows = stores[Self.followsSection]!
        self.persister = stateFile.map { ToggleStatePersister(file: $0, stores: stores) }
        let events = TapEventLog(capacity: options.eventCapacity)
        self.service = service
        self.events = events

        let hostAllowList = HostAllowList(extraNames: options.allowedHosts + [options.server.host])
        self.hostAllowList = hostAllowList

        var router = Router()
        // SecurityHeaders first, so that its headers are on every response, early refusals included.
        router.add(middleware: SecurityHeaders())
        router.add(middleware: hostAllowList)
        router.add(middleware: CrossOriginProtection())
        router.add(middleware: ViewerCookie(viewerlessPaths: Application.viewerlessPaths))
        router.errorResponse = { error, request in
            Application.errorResponse(error, for: request, settings: service.settings)
        }
        let dev = options.dev.map { DevSession(channelDescriptor: $0.channelDescriptor, build: $0.build) }
        self.dev = dev
        if let dev {
            router.add(middleware: DevClientInjection(build: dev.build))
            router.mount(DevRoutes(session: dev))
        }
        router.mount(StaticFiles(folder: options.publicFolder, at: "/public"))
        let cells = PostCellFrames(fixtures: fixtures, keepsButtons: options.renderCache)
        let pages = PageRoutes(
            fixtures: fixtures, cells: cells, likes: likes, follows: follows, service: service, events: events,
            renderedPages: options.renderCache ? BoundedCache(capacity: Self.renderedPageCapacity) : nil)
        self.pages = pages
        router.mount(pages)
        router.mount(
            GalleryRoutes(
                stores: [likes, follows], service: service, events: events, startupSettings: options.simulation,
                renderedFragments: options.renderCache ? BoundedCache(capacity: Self.renderedFragmentCapacity) : nil,
                placements: Placements(rendered: pages.demoPages(for: Viewer(bits: 0)))))
        let navigator = AppNavigator(fixtures: fixtures)
        router.mount(AvatarView.SelfManagedRoutes(navigator: navigator, events: events))
        router.mount(LikeButton.SelfManagedRoutes(likes: likes, service: likeService ?? service, events: events))
        router.mount(
            FollowButton.SelfManagedRoutes(
                follows: follows, service: followService ?? service, navigator: navigator, events: events))
        router.mount(OpenAPIRoute(routes: router.routeTable))
        self.routeTable = router.routeTable
        self.responder = router.buildResponder()
    }

    /// Rendered pages kept at most (a feed is about 35 KB, so about 4.5 MB at most), and rendered fragments
    /// (about 500 bytes each).
    static let renderedPageCapacity = 128
    static let renderedFragmentCapacity = 1024

    /// The state file's section for likes (the first format held only these) and for follows.
    static let likesSection = ToggleStateFile.likesOnlySection
    static let followsSection = "follow"

    /// The paths whose answers are the same for every viewer: no viewer cookie there, and their own
    /// cache policy. Every other answer carries `Vary: Cookie` and, unless it says otherwise, `no-store`.
    static let viewerlessPaths = [
        "/public/", "/healthz", "/openapi.json", "/components.json", "/events/stream", "/dev/events",
    ]

    /// The feed page as `viewer` sees it, exactly as `GET /feed` renders it (for the render benchmark).
    public func renderFeed(for viewer: Viewer) -> [UInt8] {
        pages.renderFeed(for: viewer)
    }

    /// An HTML error page, or JSON for the API.
    static func errorResponse(
        _ error: HTTPError, for request: HTTPRequest, settings: SimulationSettings
    ) -> HTTPResponse {
        var response: HTTPResponse
        if request.path.hasPrefix("/api/") {
            response = .json(.object([("error", .string(error.message))]), status: error.status)
        } else {
            response = .html(ErrorPage(error: error, settings: settings).render(), status: error.status)
        }
        response.setHeaders(of: error)
        return response
    }

    /// Starts the server, prints `listening on URL`, and runs until `SIGINT` or `SIGTERM`.
    ///
    /// - Throws: `ServerError` when the server cannot start.
    public func serve() throws(ServerError) {
        HTTPServer.blockTerminationSignals()
        let server = try HTTPServer(configuration: options.server, responder: responder)
        hostAllowList.port = server.port
        StandardOutput.write("listening on \(server.url)\n")
        dev?.start()
        let signal = HTTPServer.waitForTerminationSignal()
        StandardError.write("received signal \(signal), finishing requests in flight\n")
        server.shutdown(gracePeriod: .seconds(10))
        persister?.flush()
        dev?.stopping(settings: service.settings)
    }
}
