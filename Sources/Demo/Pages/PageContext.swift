import Basics
import Components
import HTML
import HTTPCore
import PreviewApp

/// What pages need to render for one request: the data, the viewer and the like and follow state they see.
struct PageContext: Sendable {
    var site: DemoSite
    var settings: SimulationSettings
    /// The site's navigation, for the page's header.
    var navigation: [PageLink]
    /// The app's caches, where the chrome is kept (`nil`: rendered for every page).
    var caches: Caches?
    let viewer: Viewer
    /// The site as this viewer sees it: what the page's pieces render from (without `caches`).
    let seen: ViewerSite

    init(site: DemoSite, settings: SimulationSettings, navigation: [PageLink], caches: Caches?, viewer: Viewer) {
        self.site = site
        self.settings = settings
        self.navigation = navigation
        self.caches = caches
        self.viewer = viewer
        seen = ViewerSite(site: site, viewer: viewer)
    }

    /// The chrome around a page with this title and section.
    func layout(title: String, section: PageLayout.Section = .none) -> PageLayout {
        PageLayout(title: title, section: section, settings: settings, navigation: navigation, caches: caches)
    }

    /// The post's cell as this viewer sees it; a like or follow tap returns to `returnTo`. Without
    /// `follow` the byline has no follow button (a profile has its own, once). The buttons are rendered
    /// once per state they show in this place (`PostCellFrames`), each a piece of the page.
    func cell(for post: Post, returnTo: String, follow: Bool = true) -> FramedPostCell? {
        site.cells[post.id].map { cell($0, returnTo: returnTo, follow: follow) }
    }

    /// The cell of `frame`'s post, as `cell(for:returnTo:follow:)`.
    func cell(_ frame: PostCellFrames.Frame, returnTo: String, follow: Bool = true) -> FramedPostCell {
        FramedPostCell(frame: frame, context: self, returnTo: returnTo, follow: follow)
    }
}
