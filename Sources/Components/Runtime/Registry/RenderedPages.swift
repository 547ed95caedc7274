@_spi(Runtime) import Basics
import HTTPCore
import Synchronization

/// Rendered pages kept under what they were rendered from: the path, the reader and the simulation
/// settings as the key, and, with each page, what its render read of the registered states. A module's
/// pages go through it, so a change to anything a page showed makes the next request render it anew,
/// and a change to anything else leaves it kept, without the module naming what it shows.
///
/// The reads are recorded by the states themselves as the page renders (`StateReads`): a like on `p1`
/// makes stale the pages that read `p1`'s likes, not a page of `p3`. A state that does not record its
/// reads is depended on whole (`ComponentRegistry.untrackedVersion`).
///
/// ```swift
/// let pages = RenderedPages(context: context)
/// routes.get("/feed") { request in pages.page(request) { settings in FeedPage(…, settings: settings).render() } }
/// ```
///
/// With `--render-cache off` every request renders.
package struct RenderedPages: Sendable {
    /// Everything a page is rendered from besides the states it reads and what never changes while the
    /// server runs.
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
        /// The settings the page is rendered with (taken with the key, so that the page shows exactly these).
        var settings: SimulationSettings
    }

    /// A kept page and what it depends on.
    struct Page: Sendable {
        let bytes: [UInt8]
        /// What its render read of the states that record their reads.
        let reads: StateReads
        /// `ComponentRegistry.untrackedVersion` before it rendered.
        let untracked: UInt64

        /// Whether nothing it was rendered from has changed.
        func isCurrent(in registry: ComponentRegistry) -> Bool {
            untracked == registry.untrackedVersion && reads.areCurrent
        }
    }

    private let cache: BoundedCache<Key, Page>?
    private let registry: ComponentRegistry
    private let simulation: SimulatedService

    /// - Parameters:
    ///   - name: The cache's name in the server's statistics.
    ///   - capacity: The most pages kept.
    ///   - byteCapacity: The most bytes they take (a feed is about 35 KB; a page over a sixty-fourth of it
    ///     is not kept).
    package init(context: ComponentContext, name: String = "pages", capacity: Int = 128, byteCapacity: Int = 8 << 20) {
        let cache: BoundedCache<Key, Page>? = context.caches.make(name, entries: capacity, bytes: byteCapacity) {
            page in page.bytes.count + page.reads.byteCount
        }
        self.cache = cache
        registry = context.registry
        simulation = context.simulation
        if let cache {
            registry.noteRenderCache(.pages) {
                let (kept, hits, misses) = cache.statistics
                return RenderCacheStatistics(kept: kept, hits: hits, misses: misses)
            }
        }
    }

    /// The page for this request, rendered by `render` with the current settings or kept from an earlier
    /// request with the same key whose reads are all still current. With kept pages, the server may also
    /// send the same response again to the same request while that holds and the settings stay as they
    /// were (`HTTPResponse.reusableWhile`).
    package func page(_ request: HTTPRequest, render: (SimulationSettings) -> [UInt8]) -> HTTPResponse {
        let settings = simulation.settings
        guard let cache else {
            return .html(render(settings))
        }
        let key = Key(
            path: request.path, reader: request.hasNewViewer ? .newViewer : .viewer(request.viewer),
            settings: settings)
        let page: Page
        if let kept = cache.lookUp(key, ifCurrent: { $0.isCurrent(in: registry) }) {
            page = kept
        } else {
            // Read before rendering, and each read noted as it happens: a page is never older than what it
            // says it read.
            let untracked = registry.untrackedVersion
            let (bytes, reads) = StateReads.recording { render(settings) }
            page = Page(bytes: bytes, reads: reads, untracked: untracked)
            cache.store(page, for: key)
        }
        var response = HTTPResponse.html(page.bytes)
        response.reusableWhile = { [registry, simulation] in
            page.isCurrent(in: registry) && simulation.settings == settings
        }
        return response
    }
}
