import Basics
import Components
import HTML

/// `/events`: the taps the components handled, newest first.
struct EventsPage {
    var events: [TapEvent]
    var settings: SimulationSettings
    var navigation: [PageLink]
    /// The app's caches, where the chrome is kept (`nil`: rendered for every page).
    var caches: Caches? = nil

    func render() -> [UInt8] {
        PageLayout(title: "Events", section: .events, settings: settings, navigation: navigation, caches: caches).render
        { html in
            html.element(.h1, text: "Events")
            html.element(
                .p, .class("muted"),
                text:
                    "Every tap a component handled: the state before, the optimistic state shown at once, and how it ended."
            )
            EventTable(events: events, stream: "/events/stream").render(into: &html)
        }
    }
}

/// The table of handled taps, used by the events page and the gallery.
struct EventTable: HTMLComponent {
    var events: [TapEvent]
    /// The `/events/stream` URL that app.js follows to add rows live.
    var stream: String? = nil

    func render(into html: inout HTMLBuffer) {
        html.element(
            .table, .class("event-log"), stream.map { .custom("data-stream", $0) }
        ) { html in
            html.element(.thead) { html in
                html.element(.tr) { html in
                    for heading in [
                        "Time (UTC)", "Component", "Instance", "Viewer", "Prior", "Optimistic", "Outcome", "Latency",
                        "Location",
                    ] {
                        html.element(.th, .custom("scope", "col"), text: heading)
                    }
                }
            }
            html.element(.tbody) { html in
                if events.isEmpty {
                    html.element(.tr) { html in
                        html.element(.td, .custom("colspan", "9"), text: "No taps yet.")
                    }
                }
                for event in events {
                    html.element(.tr) { html in
                        html.element(.td) { html in
                            html.element(.time, .datetime(event.time.iso8601), text: event.time.timeOfDay)
                        }
                        html.element(.td, text: event.component)
                        html.element(.td, text: event.instance)
                        html.element(.td, text: event.viewer.id)
                        html.element(.td, text: TapEvent.text(of: event.prior))
                        html.element(.td, text: TapEvent.text(of: event.optimistic))
                        html.element(.td, .class("outcome-" + event.outcome.rawValue), text: event.outcome.rawValue)
                        html.element(.td, text: "\(event.latencyMilliseconds) ms")
                        html.element(.td, text: event.location ?? "")
                    }
                }
            }
        }
    }

}
