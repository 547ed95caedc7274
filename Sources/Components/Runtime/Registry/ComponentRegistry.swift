import Basics
import HTTPCore
import Synchronization

/// What the app knows of every registered module once it has built them all: their states, seen as one,
/// and the pages they list in the site's navigation.
///
/// The registry's `version` is the sum of every state's version, so it grows whenever any of them
/// changes. Kept pages (`RenderedPages`) depend on what they read of the states that record their reads
/// (`StateReads`) and on `untrackedVersion`, the same sum over the states that do not, which makes them
/// correct by construction: a new component's changes make stale what read them, without anyone adding
/// a key.
///
/// - Important: The app fills it once, after building the modules and before serving.
package final class ComponentRegistry: Sendable {
    private struct Contents {
        var states: [any ComponentState] = []
        /// The states whose reads are not recorded: a kept page depends on each of them whole.
        var untracked: [any ComponentState] = []
        var renderCaches: [(kind: RenderCacheKind, statistics: @Sendable () -> RenderCacheStatistics)] = []
        var navigation: [PageLink] = []
        /// Weak: the app's responder holds the modules, which hold this registry.
        weak var pages: (any HTTPResponder & AnyObject)?
    }

    private let contents = Mutex(Contents())
    /// The app's caches, for what every page shares (its chrome).
    package let caches: Caches

    package init(caches: Caches = Caches()) {
        self.caches = caches
    }

    /// Records what the app's modules bring (once, at start).
    package func register(states: [any ComponentState], navigation: [PageLink]) {
        contents.withLock { contents in
            contents.states += states
            contents.untracked += states.filter { !$0.recordsReads }
            contents.navigation += navigation
        }
    }

    /// The sum of the versions of the states that do not record their reads (0 when all do).
    package var untrackedVersion: UInt64 {
        contents.withLock { Self.sum(of: $0.untracked) }
    }

    /// What a cache of rendered bytes is for, in the server's statistics.
    package enum RenderCacheKind: String, Sendable {
        case pages, fragments
    }

    /// A cache of rendered bytes, counted in the server's statistics (`GET /stats`).
    package func noteRenderCache(
        _ kind: RenderCacheKind, statistics: @escaping @Sendable () -> RenderCacheStatistics
    ) {
        contents.withLock { $0.renderCaches.append((kind, statistics)) }
    }

    /// Every noted cache's statistics, summed by kind.
    package var renderCacheStatistics: [RenderCacheKind: RenderCacheStatistics] {
        let caches = contents.withLock { $0.renderCaches }
        var sums: [RenderCacheKind: RenderCacheStatistics] = [:]
        for cache in caches {
            sums[cache.kind, default: RenderCacheStatistics()] += cache.statistics()
        }
        return sums
    }

    /// The sum of every registered state's version: grows with each change a viewer could see.
    package var version: UInt64 {
        contents.withLock { Self.sum(of: $0.states) }
    }

    private static func sum(of states: [any ComponentState]) -> UInt64 {
        var sum: UInt64 = 0
        for state in states {
            sum &+= state.version
        }
        return sum
    }

    /// Lets scenarios run on the server against the app (`respond(to:)`): the app's responder, once it
    /// is built, held weakly (it holds the modules, which hold this registry), so the app that owns it
    /// keeps it.
    package func serve(pages responder: (any HTTPResponder & AnyObject)?) {
        contents.withLock { $0.pages = responder }
    }

    /// `request` answered by the app as if it came from outside (a scenario run on the server against
    /// itself); `nil` before the app serves.
    package func respond(to request: HTTPRequest) async -> HTTPResponse? {
        guard let pages = contents.withLock({ $0.pages }) else { return nil }
        return await pages.respond(to: request).resolve()
    }

    /// The pages every page's header links to, besides the gallery and the event log.
    package var navigation: [PageLink] {
        contents.withLock { $0.navigation }
    }
}
