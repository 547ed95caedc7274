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

    /// The pages every page's header links to, besides the gallery and the event log.
    public var navigation: [PageLink] {
        contents.withLock { $0.navigation }
    }
}
