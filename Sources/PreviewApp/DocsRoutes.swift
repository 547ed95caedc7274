import Basics
import HTTPCore

#if canImport(Glibc)
    import Glibc
#endif

/// `/docs/`: PreviewKit's API reference, the DocC archive `scripts/docs` builds, served as a static site when
/// it has been built; otherwise a `404` that says how to build it.
struct DocsRoutes: RouteCollection {
    /// Where the reference starts: its landing page.
    static let start = "/docs/documentation/previewkit/"

    /// The archive's files, or `nil` when the folder is not there.
    private let files: StaticFiles?

    /// - Parameters:
    ///   - folder: The DocC archive (`.build/docs/PreviewKit.doccarchive`), or `nil` for none.
    ///   - caches: Where the files kept in memory are reported.
    init(folder: String?, reportingIn caches: Caches? = nil) {
        var info = stat()
        if let folder, stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            var files = StaticFiles(folder: folder, at: "/docs", byteCapacity: 8 << 20, reportingIn: caches)
            files.indexFile = "index.html"
            self.files = files
        } else {
            self.files = nil
        }
    }

    /// Whether the reference is served (the gallery links it only then).
    var isBuilt: Bool { files != nil }

    func addRoutes(to routes: inout RouteGroup) {
        let built = isBuilt
        let documentation = RouteDocumentation(
            "The API reference's start", tags: ["Docs"],
            responses: [
                .seeOther("Its landing page, \(Self.start)."),
                .htmlError(404, "Not built here (run scripts/docs, then restart the server)."),
            ])
        // `/docs/` too: the router takes a path with and without its last slash alike.
        routes.get("/docs", documentation) { _ in
            guard built else { throw Self.notBuilt }
            return .redirect(to: Self.start)
        }
        if let files {
            routes.mount(files)
        } else {
            let page = RouteDocumentation(
                "A page of the API reference", tags: ["Docs"],
                parameters: [.path("path", .segment, "The page's path below /docs/.", example: "index.html")],
                responses: [.htmlError(404, "Not built here (run scripts/docs, then restart the server).")])
            routes.get("/docs/*path", page) { _ in throw Self.notBuilt }
        }
    }

    private static let notBuilt = HTTPError(
        .notFound,
        "The API reference is not built here: run scripts/docs in the kit's checkout, then restart the server.")
}
