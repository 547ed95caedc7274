import HTTPCore

/// Everything a component brings to the app, through one seam: its catalogue entry, its self-managed
/// routes, its state (if it has any), its styles, and the pages it brings. The app takes a list of these
/// and names none of them.
///
/// ```swift
/// let app = try Application(options: options) { context in
///     [
///         AvatarView.module(context, navigator: navigator),
///         LikeButton.module(context, baseCounts: ["p1": 12]),
///     ]
/// }
/// ```
///
/// A toggle is one `ToggleModule`, a form that sends what was typed one `CommentModule`, a tap that
/// navigates one `NavigationModule`; a module that only brings pages (a demo feed) has no preview.
///
/// - Important: The state a module's pages render must be a registered kind's (a `ToggleModule`'s, a
///   `SelfManagedModule`'s): the app keys every kept page on the versions of all registered states, so
///   that what a tap changes is never served stale.
public protocol ComponentModule: RouteCollection {
    /// The component's catalogue entry: its name, parameters, variants and tap; `nil` for a module that
    /// only brings pages.
    var preview: ComponentPreview? { get }
    /// The pages the module serves that place components, for the gallery's index and the "placed on"
    /// list of each component page.
    var pages: [PageLink] { get }
    /// The pages every page's header links to (a feed).
    var navigation: [PageLink] { get }
    /// Its styles, served with every registered component's in `/components.css`.
    var styles: ComponentStyles? { get }
    /// Path prefixes under which its routes' errors are JSON (`{"error": "…"}`) rather than an HTML page:
    /// an API's (`/api/`).
    var jsonErrorPaths: [String] { get }
    /// Its stories as tests: each drives the component's real routes as a fresh viewer and checks the
    /// answers (`GET /components/{name}/scenarios`). A kind's module brings its defaults; add your own.
    var scenarios: [Scenario] { get }
    /// A page of `pages` as `viewer` sees it (the gallery finds which components a page places by reading
    /// its forms).
    func render(_ page: PageLink, for viewer: Viewer) -> [UInt8]?
}

extension ComponentModule {
    public var preview: ComponentPreview? { nil }
    public var pages: [PageLink] { [] }
    public var navigation: [PageLink] { [] }
    public var styles: ComponentStyles? { nil }
    public var jsonErrorPaths: [String] { [] }
    public var scenarios: [Scenario] { [] }
    public func render(_ page: PageLink, for viewer: Viewer) -> [UInt8]? { nil }
}

/// What a module of one of the kit's kinds brings beyond the seam, for the runtime: its state, the taps
/// the kit's checks send, and the gallery's live instance. `SelfManagedModule` is one; the app asks any
/// module for it with `kind`.
package protocol KindModule: ComponentModule {
    /// Its state: what `POST /reset` restores, `--state` keeps, the state endpoint answers and kept pages
    /// are keyed on.
    var state: (any ComponentState)? { get }
    /// Taps the component answers against its base data, for the kit's checks (every one is sent, in
    /// both outcomes, to an app with kept pages and to one without, which must then answer alike).
    var exampleTaps: [ExampleTap] { get }
    /// The component for `target` as `viewer` sees it now, as a page places it: the committed state, a
    /// change of theirs in flight, and the message their last tap without script left (taken: it shows
    /// once). A tap on it without script comes back to `returnTo`. `nil` for a component that keeps no
    /// state, or an unknown target. The gallery's live instance shows it, so that a tap there shows its
    /// outcome with script and without.
    func live(_ target: String, for viewer: Viewer, returnTo: String) -> [UInt8]?
}

extension KindModule {
    package var exampleTaps: [ExampleTap] { [] }
    package func live(_ target: String, for viewer: Viewer, returnTo: String) -> [UInt8]? { nil }
}

extension ComponentModule {
    /// The module as one of the kit's kinds, or `nil` for a module of pages only.
    package var kind: (any KindModule)? { self as? any KindModule }
    /// Its state, if it is a kind's that keeps one.
    package var keptState: (any ComponentState)? { kind?.state }
    /// The taps the kit's checks send to it (none for a module of pages only).
    package var checkedTaps: [ExampleTap] { kind?.exampleTaps ?? [] }
}
