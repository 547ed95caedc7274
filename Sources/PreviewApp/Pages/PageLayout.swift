@_spi(Runtime) import Basics
import Components
import HTML

/// The chrome around every page, the gallery's and the modules' alike: head, site header with
/// navigation (the gallery, the pages the modules list, the event log), the simulation status bar,
/// `<main>`.
///
/// ```swift
/// PageLayout(title: "Feed", section: .page("/feed"), settings: settings, navigation: registry.navigation)
///     .render { html in html.element(.h1, text: "Feed") }
/// ```
package struct PageLayout: Sendable {
    /// Which link of the navigation is the current page.
    package enum Section: Hashable, Sendable {
        case gallery, events
        /// A module's page, by its path.
        case page(String)
        case none
    }

    package var title: String
    package var section: Section
    package var settings: SimulationSettings
    /// The modules' pages the header links to, between the gallery and the event log.
    package var navigation: [PageLink]
    /// The chrome rendered before, by everything it is rendered from: the app's (`nil`: rendered for
    /// every page).
    private let chrome: BoundedCache<ChromeKey, HTMLFrame>?

    /// The chrome of a page titled `title` in `section`, showing `settings` and linking `navigation`; kept
    /// in the app's `caches` when given.
    package init(
        title: String, section: Section, settings: SimulationSettings, navigation: [PageLink], caches: Caches? = nil
    ) {
        self.title = title
        self.section = section
        self.settings = settings
        self.navigation = navigation
        chrome = caches?.shared("chrome", entries: 256, bytes: 1 << 20) { $0.opening.count + $0.closing.count }
    }

    /// The same, with the navigation and caches of the app's `registry`.
    package init(title: String, section: Section, settings: SimulationSettings, registry: ComponentRegistry) {
        self.init(
            title: title, section: section, settings: settings, navigation: registry.navigation,
            caches: registry.caches)
    }

    /// The page: the chrome around what `content` writes into `<main>`.
    package func render(_ content: (inout HTMLBuffer) -> Void) -> [UInt8] {
        // Room for the largest page (/feed, about 35 KB) at once: growing copies everything written so far.
        var html = HTMLBuffer(capacity: 64 * 1024)
        render(into: &html, content)
        return html.bytes
    }

    /// The page, written into `html`: for a page kept with its pieces (`RenderedPages`), which marks
    /// them in the buffer it gives.
    package func render(into html: inout HTMLBuffer, _ content: (inout HTMLBuffer) -> Void) {
        let key = ChromeKey(title: title, section: section, settings: settings, navigation: navigation)
        let make = { HTMLFrame { html in renderChrome(into: &html) { html in html.render(HTMLFrame.hole) } } }
        let chrome = self.chrome?.value(for: key, make: make) ?? make()
        chrome.render(into: &html, content: content)
    }

    /// Everything a page's chrome is rendered from.
    fileprivate struct ChromeKey: Hashable, Sendable {
        var title: String
        var section: Section
        var settings: SimulationSettings
        var navigation: [PageLink]
    }

    private func renderChrome(into html: inout HTMLBuffer, content: (inout HTMLBuffer) -> Void) {
        html.doctype()
        html.element(.html, .lang("en")) { html in
            html.element(.head) { html in
                html.void(.meta, .charset("utf-8"))
                html.void(.meta, .name("viewport"), .content("width=device-width, initial-scale=1"))
                html.element(.title, text: title + " · Self-Managed Preview")
                html.void(.link, .rel("stylesheet"), .href("/public/app.css"))
                html.void(.link, .rel("stylesheet"), .href(ComponentStylesheet.path))
                html.void(.link, .rel("icon"), .href("/public/favicon.svg"))
                html.element(.script, .src("/public/app.js"), .defer)
            }
            html.element(.body) { html in
                html.element(.header, .class("site-header")) { html in
                    html.element(.a, .class("brand"), .href("/"), text: "Self-Managed Preview")
                    html.element(.nav, .class("site-nav"), .ariaLabel("Main")) { html in
                        link("Gallery", "/", .gallery, into: &html)
                        for page in navigation {
                            link(page.name, page.path, .page(page.path), into: &html)
                        }
                        link("Events", "/events", .events, into: &html)
                    }
                }
                SimulationStatusBar(settings: settings).render(into: &html)
                TapAlert().render(into: &html)
                html.element(.main, .class("page"), .id("main")) { html in
                    content(&html)
                }
            }
        }
    }

    private func link(_ label: String, _ href: String, _ target: Section, into html: inout HTMLBuffer) {
        html.element(.a, .href(href), .when(section == target, .ariaCurrent("page")), text: label)
    }
}

/// The small bar on every page that shows the simulated service's settings.
struct SimulationStatusBar: HTMLComponent {
    var settings: SimulationSettings

    func render(into html: inout HTMLBuffer) {
        html.element(.section, .class("status-bar"), .ariaLabel("Simulation settings")) { html in
            html.element(
                .span, .class("status-item"),
                text: "Simulated service: latency \(settings.latencyMilliseconds) ms"
                    + (settings.jitterMilliseconds > 0 ? " (+0–\(settings.jitterMilliseconds) ms)" : ""))
            html.element(.span, .class("status-item"), text: "failure rate \(Self.percent(settings.failureRate))")
            html.element(.span, .class("status-item"), text: "seed \(settings.seed)")
        }
    }

    static func percent(_ rate: Double) -> String {
        let tenths = Int((rate * 1000).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)%" : "\(tenths / 10).\(tenths % 10)%"
    }
}
