@_spi(Runtime) import Basics
import HTML
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

        let path: String
        let reader: Reader
        /// The settings the page is rendered with (taken with the key, so that the page shows exactly these).
        let settings: SimulationSettings
        /// The hash of the three, made once: a page view looks its key up and stores it again, each a few
        /// lookups in the cache's generations.
        private let hashed: Int

        init(path: String, reader: Reader, settings: SimulationSettings) {
            self.path = path
            self.reader = reader
            self.settings = settings
            var hasher = Hasher()
            hasher.combine(path)
            hasher.combine(reader)
            hasher.combine(settings)
            hashed = hasher.finalize()
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hashed == rhs.hashed && lhs.path == rhs.path && lhs.reader == rhs.reader && lhs.settings == rhs.settings
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hashed)
        }
    }

    /// A kept page and what it depends on.
    struct Page: Sendable {
        let bytes: [UInt8]
        /// What its render read of the states that record their reads, its pieces' reads among them.
        let reads: StateReads
        /// `ComponentRegistry.untrackedVersion` before it rendered.
        let untracked: UInt64
        /// Where its parts kept under reads of their own are, in the order of their bytes (and of their
        /// reads).
        let places: [PagePiece.Place]
        /// Each part's render, in the order of `places`: one array, shared as it is by every page made
        /// from this one by rendering some parts again.
        let renders: [PagePiece.Render]

        init(
            bytes: [UInt8], reads: StateReads, untracked: UInt64, places: [PagePiece.Place],
            renders: [PagePiece.Render]
        ) {
            self.bytes = bytes
            self.reads = reads
            self.untracked = untracked
            self.places = places
            self.renders = renders
        }

        init(bytes: [UInt8], reads: StateReads, untracked: UInt64, pieces: [PagePiece]) {
            self.init(
                bytes: bytes, reads: reads, untracked: untracked, places: pieces.map(\.place),
                renders: pieces.map(\.render))
        }

        /// Whether nothing the page around its pieces was rendered from has changed.
        func outsidePiecesIsCurrent(in registry: ComponentRegistry) -> Bool {
            guard untracked == registry.untrackedVersion else { return false }
            var start = 0
            for place in places {
                guard reads.areCurrent(in: start..<place.reads.lowerBound) else { return false }
                start = place.reads.upperBound
            }
            return reads.areCurrent(in: start..<reads.count)
        }

        /// Whether nothing it was rendered from has changed, its pieces included.
        func isCurrent(in registry: ComponentRegistry) -> Bool {
            untracked == registry.untrackedVersion && reads.areCurrent
        }

        /// What it keeps in memory, about.
        var byteCount: Int {
            bytes.count + reads.byteCount + places.count * (MemoryLayout<PagePiece.Place>.stride + 64)
        }
    }

    private let cache: BoundedCache<Key, Page>?
    /// Pages answered by rendering only their stale pieces, and those pieces.
    private let refreshes = Refreshes()

    private final class Refreshes: Sendable {
        let pages = Atomic<Int>(0)
        let pieces = Atomic<Int>(0)
    }
    private let registry: ComponentRegistry
    private let simulation: SimulatedService

    /// - Parameters:
    ///   - name: The cache's name in the server's statistics.
    ///   - capacity: The most pages kept.
    ///   - byteCapacity: The most bytes they take (a feed is about 35 KB; a page over a sixty-fourth of it
    ///     is not kept).
    package init(context: ComponentContext, name: String = "pages", capacity: Int = 2048, byteCapacity: Int = 32 << 20)
    {
        let cache: BoundedCache<Key, Page>? = context.caches.make(name, entries: capacity, bytes: byteCapacity) {
            page in page.byteCount
        }
        self.cache = cache
        registry = context.registry
        let refreshes = self.refreshes
        simulation = context.simulation
        if let cache {
            registry.noteRenderCache(.pages) {
                let (kept, hits, misses) = cache.statistics
                return RenderCacheStatistics(
                    kept: kept, hits: hits, misses: misses, refreshed: refreshes.pages.load(ordering: .relaxed),
                    piecesRendered: refreshes.pieces.load(ordering: .relaxed))
            }
        }
    }

    /// The page for this request, rendered by `render` with the current settings or kept from an earlier
    /// request with the same key: as kept when everything it read is still current, with only its stale
    /// pieces rendered again when only they are stale (`HTMLBuffer.piece`), and rendered whole otherwise.
    /// With kept pages, the server may also send the same response again to the same request while all
    /// it read holds and the settings stay as they were (`HTTPResponse.reusableWhile`).
    ///
    /// `render` writes the page into the buffer it is given, which is the page's own: pieces are kept
    /// only when they are marked there.
    package func page(
        _ request: HTTPRequest, render: (SimulationSettings, inout HTMLBuffer) -> Void
    ) -> HTTPResponse {
        let settings = simulation.settings
        guard let cache else {
            var html = HTMLBuffer(capacity: Self.pageCapacity)
            render(settings, &html)
            return .html(html.bytes)
        }
        let newViewer = request.hasNewViewer
        let key = Key(path: request.path, reader: newViewer ? .newViewer : .viewer(request.viewer), settings: settings)
        var page: Page
        if let kept = cache.lookUp(key, ifCurrent: { $0.outsidePiecesIsCurrent(in: registry) }) {
            page = kept
            if let refreshed = refreshingStalePieces(of: kept) {
                page = refreshed
                cache.store(page, for: key)
            }
        } else {
            // A first visit's page is the same for every new viewer, but its pieces' renders captured
            // this one, who may act before the next: such a page is kept whole, its pieces' reads its own.
            page = rendered(keepingPieces: !newViewer) { render(settings, &$0) }
            cache.store(page, for: key)
        }
        var response = HTTPResponse.html(page.bytes)
        response.reusableWhile = { [registry, simulation, page] in
            page.isCurrent(in: registry) && simulation.settings == settings
        }
        return response
    }

    /// Room for the largest page (/feed, about 35 KB) at once: growing copies everything written so far.
    static let pageCapacity = 64 * 1024

    /// The page `render` writes, with what it read and, when `keepingPieces`, the pieces it marked.
    func rendered(keepingPieces: Bool, _ render: (inout HTMLBuffer) -> Void) -> Page {
        // Read before rendering, and each read noted as it happens: a page is never older than what it
        // says it read.
        let untracked = registry.untrackedVersion
        let recorder = StateReads.Recorder(collectingPieces: keepingPieces)
        var html = HTMLBuffer(capacity: Self.pageCapacity)
        html.pieceOwner = ObjectIdentifier(recorder)
        StateReads.recording(into: recorder) { render(&html) }
        // A piece whose bytes moved after it was marked (bytes inserted before its end) is not kept: its
        // reads, no longer in a piece's range, are the page's.
        var pieces = recorder.pieces
        if !html.insertions.isEmpty {
            let insertions = html.insertions
            pieces = zip(recorder.pieces, recorder.insertionsBeforePieces).filter { piece, before in
                !insertions[before...].contains { $0 < piece.place.range.upperBound }
            }.map(\.0)
        }
        return Page(bytes: html.bytes, reads: StateReads(reads: recorder.reads), untracked: untracked, pieces: pieces)
    }

    /// `page` with its stale pieces rendered again and the rest copied as kept; `nil` when none is stale.
    func refreshingStalePieces(of page: Page) -> Page? {
        guard page.places.contains(where: { !page.reads.areCurrent(in: $0.reads) }) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(page.bytes.count + 1024)
        var reads: [StateReads.Read] = []
        reads.reserveCapacity(page.reads.count + 8)
        var places: [PagePiece.Place] = []
        places.reserveCapacity(page.places.count)
        var rendered = 0
        // Through buffers: the kept bytes and reads are copied as bytes (a read holds no counted
        // reference), with no slice of a kept array made, and so retained, for each piece.
        page.bytes.withUnsafeBufferPointer { kept in
            page.reads.reads.withUnsafeBufferPointer { keptReads in
                var (bytesCopied, readsCopied) = (0, 0)
                for (index, place) in page.places.enumerated() {
                    let isCurrent = page.reads.areCurrent(in: place.reads)
                    // Up to the piece (and through it, when it is current) as kept.
                    let (bytesEnd, readsEnd) =
                        isCurrent
                        ? (place.range.upperBound, place.reads.upperBound)
                        : (place.range.lowerBound, place.reads.lowerBound)
                    let (byteStart, readStart) = (
                        bytes.count + place.range.lowerBound - bytesCopied,
                        reads.count + place.reads.lowerBound - readsCopied
                    )
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: kept[bytesCopied..<bytesEnd]))
                    reads.append(contentsOf: UnsafeBufferPointer(rebasing: keptReads[readsCopied..<readsEnd]))
                    if !isCurrent {
                        let recorder = StateReads.Recorder()
                        var html = HTMLBuffer(capacity: place.range.count + 256)
                        StateReads.recording(into: recorder) { page.renders[index](&html) }
                        html.withWrittenBytes { bytes.append(contentsOf: $0) }
                        reads.append(contentsOf: recorder.reads)
                        rendered += 1
                    }
                    places.append(PagePiece.Place(range: byteStart..<bytes.count, reads: readStart..<reads.count))
                    (bytesCopied, readsCopied) = (place.range.upperBound, place.reads.upperBound)
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: kept[bytesCopied...]))
                reads.append(contentsOf: UnsafeBufferPointer(rebasing: keptReads[readsCopied...]))
            }
        }
        refreshes.pages.add(1, ordering: .relaxed)
        refreshes.pieces.add(rendered, ordering: .relaxed)
        return Page(
            bytes: bytes, reads: StateReads(reads: reads), untracked: page.untracked, places: places,
            renders: page.renders)
    }
}
