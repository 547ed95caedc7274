import Basics
import Components
import HTML

/// `/`: every registered component with its variants, the modules' pages, the simulation controls, and
/// the live event log.
struct IndexPage {
    var catalog: ComponentCatalog
    /// The modules' pages that place components.
    var pages: [PageLink]
    var settings: SimulationSettings
    var events: [TapEvent]
    var navigation: [PageLink]
    /// The app's caches, where the chrome is kept (`nil`: rendered for every page).
    var caches: Caches? = nil
    /// Whether the API reference is served at `/docs/`.
    var docsBuilt = false
    /// The pictures' review: each card shows its component's picture and is marked when its pictures need
    /// a review (`nil`: neither).
    var snapshots: SnapshotReview? = nil

    func render() -> [UInt8] {
        PageLayout(title: "Gallery", section: .gallery, settings: settings, navigation: navigation, caches: caches)
            .render { html in
                html.element(.h1, text: "Self-managed components")
                html.element(
                    .p,
                    text:
                        "Each component has a plain API that knows nothing of the business and a self-managed extension that handles its own tap on the server. Open one to see its variants, its HTML and its actions."
                )
                html.element(.ul, .class("component-list")) { html in
                    for preview in catalog.all {
                        html.element(.li, .class("component-card")) { html in
                            html.element(.h2) { html in
                                html.element(.a, .href("/components/\(preview.name)"), text: preview.title)
                            }
                            html.element(.p, .class("summary"), text: preview.summary)
                            snapshot(of: preview, into: &html)
                            html.element(.ul, .class("variant-links"), .ariaLabel("\(preview.title) variants")) {
                                html in
                                for variant in preview.variants {
                                    html.element(.li) { html in
                                        html.element(
                                            .a, .href("/components/\(preview.name)#variant-\(variant.slug)"),
                                            text: variant.name)
                                    }
                                }
                            }
                        }
                    }
                }
                html.element(.h2, text: "Pages")
                html.element(.ul) { html in
                    for page in pages {
                        html.element(.li) { html in html.element(.a, .href(page.path), text: page.name) }
                    }
                    html.element(.li) { html in html.element(.a, .href("/events"), text: "Every tap handled so far") }
                    if let snapshots {
                        html.element(.li) { html in
                            html.element(.a, .href(SnapshotRoutes.path), text: "Snapshots to review")
                            html.text(" (\(snapshots.folders.baselines)/ against the last run)")
                        }
                    }
                    html.element(.li) { html in
                        html.element(.a, .href("/components.json"), text: "The component catalogue (JSON)")
                    }
                    html.element(.li) { html in
                        html.element(.a, .href("/openapi.json"), text: "The HTTP API, described (OpenAPI 3.1)")
                    }
                    if docsBuilt {
                        html.element(.li) { html in
                            html.element(.a, .href(DocsRoutes.start), text: "PreviewKit's API reference (DocC)")
                        }
                    }
                }
                SimulationControls(settings: settings).render(into: &html)
                html.element(.section, .ariaLabel("Event log")) { html in
                    html.element(.h2, text: "Event log")
                    EventTable(events: events, stream: "/events/stream").render(into: &html)
                }
            }
    }
}

extension IndexPage {
    /// A card's picture (its first variant, from its baseline) and, when its pictures differ from their
    /// baselines or are new, a mark that links their review.
    fileprivate func snapshot(of preview: ComponentPreview, into html: inout HTMLBuffer) {
        guard let snapshots else { return }
        if let picture = snapshots.cardPicture(of: preview.name) {
            html.element(.a, .href("/components/\(preview.name)"), .class("card-picture"), .tabindex(-1)) { html in
                html.void(
                    .img, .src(SnapshotReviewPage.url(picture, .baseline)),
                    .alt("\(preview.title): \(preview.variants.first?.name ?? "")"), .lazyLoading)
            }
        }
        let summary = snapshots.summary(of: preview.name)
        if summary.needsReview {
            html.element(.p, .class("snapshot-flag")) { html in
                html.element(
                    .a, .href(SnapshotRoutes.path + "#component-\(preview.name)"),
                    text: "Snapshots: \(summary.differs) differ, \(summary.new) new — review")
            }
        }
    }
}

/// The form that changes the simulated service's settings (`POST /simulation`).
struct SimulationControls: HTMLComponent {
    var settings: SimulationSettings

    func render(into html: inout HTMLBuffer) {
        html.element(.section, .class("sim-controls"), .ariaLabel("Simulation")) { html in
            html.element(.h2, text: "Simulation")
            html.element(
                .p, .class("muted"),
                text:
                    "Every toggle's service is simulated. Set a failure rate of 1 to watch every tap roll back."
            )
            html.element(.form, .method(.post), .action("/simulation")) { html in
                html.void(.input, .type(.hidden), .name("return_to"), .value("/"))
                field("latency_ms", "Latency (ms)", String(settings.latencyMilliseconds), .number, into: &html)
                field("jitter_ms", "Jitter (ms)", String(settings.jitterMilliseconds), .number, into: &html)
                field("failure_rate", "Failure rate (0–1)", String(settings.failureRate), .text, into: &html)
                field("seed", "Seed", String(settings.seed), .number, into: &html)
                html.element(.button, .type(.submit), .class("button"), text: "Apply")
            }
            html.element(.form, .method(.post), .action("/reset"), .class("reset-form")) { html in
                html.void(.input, .type(.hidden), .name("return_to"), .value("/"))
                html.element(
                    .button, .type(.submit), .class("button"),
                    text: "Reset state, event log and settings")
            }
        }
    }

    private func field(_ name: String, _ label: String, _ value: String, _ type: InputType, into html: inout HTMLBuffer)
    {
        let id = "sim-" + name
        html.element(.label, .for(id), text: label)
        html.void(.input, .type(type), .id(id), .name(name), .value(value), .when(type == .number, .min(0)))
    }
}
