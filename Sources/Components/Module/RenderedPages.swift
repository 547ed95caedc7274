import Basics
import HTTPCore

/// Rendered pages kept under everything they were rendered from: the path, the reader, the version of
/// every registered state (`ComponentRegistry.version`) and the simulation settings. A module's pages go
/// through it, so a tap on any registered component, a message shown once, a reset or new settings make
/// the next request render anew, without the module naming what it shows.
///
/// ```swift
/// let pages = RenderedPages(context: context)
/// routes.get("/feed") { request in pages.page(request) { settings in FeedPage(…, settings: settings).render() } }
/// ```
///
/// With `--render-cache off` every request renders.
public struct RenderedPages: Sendable {
    /// Everything a page is rendered from, besides what never changes while the server runs.
    struct Key: Hashable, Sendable {
        /// Whose page it is.
        enum Reader: Hashable, Sendable {
            /// A viewer minted for this very request: nothing in any store is theirs yet, so their page is
            /// the same as every other new viewer's.
            case newViewer
            case viewer(Viewer)
        }

        var path: String
        var reader: Reader
        var version: UInt64
        /// The settings the page is rendered with (taken with the key, so that the page shows exactly these).
        var settings: SimulationSettings
    }

    private let cache: BoundedCache<Key, [UInt8]>?
    private let registry: ComponentRegistry
    private let simulation: SimulatedService

    /// - Parameter capacity: The most pages kept (a feed is about 35 KB).
    public init(context: ComponentContext, capacity: Int = 128) {
        cache = context.renderCache ? BoundedCache(capacity: capacity) : nil
        registry = context.registry
        simulation = context.simulation
    }

    /// The page for this request, rendered by `render` with the current settings or kept from an earlier
    /// request with the same key. The versions are read before rendering, so a page kept under a version
    /// is never older than that version. With kept pages, the server may also send the same response
    /// again to the same request while the versions and settings stay as they were
    /// (`HTTPResponse.reusableWhile`).
    public func page(_ request: HTTPRequest, render: (SimulationSettings) -> [UInt8]) -> HTTPResponse {
        let settings = simulation.settings
        guard let cache else {
            return .html(render(settings))
        }
        let key = Key(
            path: request.path, reader: request.hasNewViewer ? .newViewer : .viewer(request.viewer),
            version: registry.version, settings: settings)
        var response = HTTPResponse.html(cache.value(for: key) { render(settings) })
        response.reusableWhile = { [registry, simulation] in
            registry.version == key.version && simulation.settings == key.settings
        }
        return response
    }
}
