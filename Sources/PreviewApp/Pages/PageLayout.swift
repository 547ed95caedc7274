import Basics
import Components
import HTML

/// The chrome around every page: head, site header with navigation, the simulation status bar, `<main>`.
struct PageLayout {
    enum Section: String, Sendable {
        case gallery, feed, events, none
    }

    var title: String
    var section: Section
    var settings: SimulationSettings

    func render(_ content: (inout HTMLBuffer) -> Void) -> [UInt8] {
        let chrome = Self.chrome.value(for: ChromeKey(title: title, section: section, settings: settings)) {
            HTMLFrame { html in renderChrome(into: &html) { html in html.render(HTMLFrame.hole) } }
        }
        // Room for the largest page (/feed, about 35 KB) at once: growing copies everything written so far.
        var html = HTMLBuffer(capacity: 64 * 1024)
        chrome.render(into: &html, content: content)
        return html.bytes
    }

    /// Everything a page's chrome is rendered from.
    private struct ChromeKey: Hashable, Sendable {
        var title: String
        var section: Section
        var settings: SimulationSettings
    }

    /// The chrome around `<main>`'s content, rendered once per title, section and settings (a page's
    /// chrome is a function of those alone): a page render copies it and renders only its content.
    private static let chrome = BoundedCache<ChromeKey, HTMLFrame>(capacity: 256)

    private func renderChrome(into html: inout HTMLBuffer, content: (inout HTMLBuffer) -> Void) {
        html.doctype()
        html.element(.html, .lang("en")) { html in
            html.element(.head) { html in
                html.void(.meta, .charset("utf-8"))
                html.void(.meta, .name("viewport"), .content("width=device-width, initial-scale=1"))
                html.element(.title, text: title + " · Self-Managed Preview")
                html.void(.link, .rel("stylesheet"), .href("/public/app.css"))
                html.void(.link, .rel("icon"), .href("/public/favicon.svg"))
                html.element(.script, .src("/public/app.js"), .defer)
            }
            html.element(.body) { html in
                html.element(.header, .class("site-header")) { html in
                    html.element(.a, .class("brand"), .href("/"), text: "Self-Managed Preview")
                    html.element(.nav, .class("site-nav"), .ariaLabel("Main")) { html in
                        link("Gallery", "/", .gallery, into: &html)
                        link("Feed", "/feed", .feed, into: &html)
                        link("Events", "/events", .events, into: &html)
                    }
                }
                SimulationStatusBar(settings: settings).render(into: &html)
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

/// The small bar on every page that shows the simulated services' settings (likes and follows).
struct SimulationStatusBar: HTMLComponent {
    var settings: SimulationSettings

    func render(into html: inout HTMLBuffer) {
        html.element(.section, .class("status-bar"), .ariaLabel("Simulation settings")) { html in
            html.element(
                .span, .class("status-item"),
                text: "Like & follow service: latency \(settings.latencyMilliseconds) ms"
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
