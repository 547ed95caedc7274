import HTTPCore
import Synchronization

/// What the app knows of every registered module once it has built them all: their states, seen as one,
/// and the pages they list in the site's navigation.
///
/// The registry's `version` is the sum of every state's version, so it grows whenever any of them
/// changes. Kept pages are keyed on it (`RenderedPages`), which makes them correct by construction: a new
/// component's taps invalidate what was rendered before them without anyone adding a key.
///
/// - Important: The app fills it once, after building the modules and before serving.
public final class ComponentRegistry: Sendable {
    private struct Contents {
        var states: [any ComponentState] = []
        var navigation: [PageLink] = []
        /// Weak: the app's responder holds the modules, which hold this registry.
        weak var pages: (any HTTPResponder & AnyObject)?
    }

    private let contents = Mutex(Contents())

    public init() {}

    /// Records what the app's modules bring (once, at start).
    public func register(states: [any ComponentState], navigation: [PageLink]) {
        contents.withLock { contents in
            contents.states += states
            contents.navigation += navigation
        }
    }

    /// The sum of every registered state's version: grows with each change a viewer could see.
    public var version: UInt64 {
        contents.withLock { contents in
            var sum: UInt64 = 0
            for state in contents.states {
                sum &+= state.version
            }
            return sum
        }
    }

    /// Lets components render the app's pages (`page(_:for:)`): the app's responder, once it is built,
    /// held weakly (it holds the modules, which hold this registry), so the app that owns it keeps it.
    public func serve(pages responder: (any HTTPResponder & AnyObject)?) {
        contents.withLock { $0.pages = responder }
    }

    /// The page at `path` as `viewer` sees it, answered by the app as a `GET` would be (a refused send
    /// without script shows the page it came from, with its composer); `nil` before the app serves.
    public func page(_ path: String, for viewer: Viewer) async -> HTTPResponse? {
        guard
            let request = try? HTTPRequest(
                method: .get, target: path, headers: ["Cookie": Viewer.cookieName + "=" + viewer.id])
        else { return nil }
        return await respond(to: request)
    }

    /// `request` answered by the app as if it came from outside (a scenario run on the server against
    /// itself); `nil` before the app serves.
    public func respond(to request: HTTPRequest) async -> HTTPResponse? {
        guard let pages = contents.withLock({ $0.pages }) else { return nil }
        return await pages.respond(to: request).resolve()
    }

    /// The pages every page's header links to, besides the gallery and the event log.
    public var navigation: [PageLink] {
        contents.withLock { $0.navigation }
    }
}
