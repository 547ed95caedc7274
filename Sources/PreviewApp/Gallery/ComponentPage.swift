import Basics
import Components
import HTML
import HTTPCore

/// `/components/{name}`: the live instance with its parameter form, every variant with its HTML, the
/// viewports, the tap actions with `curl` commands, and the component's live event log.
struct ComponentPage {
    var gallery: GalleryRequest
    var settings: SimulationSettings
    var events: [TapEvent]
    var origin: String
    var placements: Placements
    var navigation: [PageLink]
    /// The app's caches, where the chrome is kept (`nil`: rendered for every page).
    var caches: Caches? = nil
    /// Whether the component has a state endpoint.
    var hasState: Bool
    /// The component's scenarios, for the panel (none: no panel).
    var scenarios: [Scenario] = []
    /// For a component that keeps state, in the self-managed configuration: its instance as the viewer
    /// sees it now, from the store (the parameters' target; the state parameters are the store's).
    var live: Live?
    /// How the component's pictures stand against their baselines (`nil`: not shown).
    var snapshots: SnapshotReview.Summary?
    /// Each variant's states besides the one declared, which the variants link (self-managed only).
    var variantStates: VariantStates?

    struct Live {
        var target: String
        var fragment: [UInt8]
    }

    private var preview: ComponentPreview { gallery.preview }

    func render() -> [UInt8] {
        PageLayout(title: preview.title, section: .gallery, settings: settings, navigation: navigation, caches: caches)
            .render { html in
                html.element(.h1, text: preview.title)
                html.element(.p, .class("summary"), text: preview.summary)
                configurationSwitch(into: &html)
                liveInstance(into: &html)
                variants(into: &html)
                snapshotStatus(into: &html)
                tapHandling(into: &html)
                if !scenarios.isEmpty {
                    html.render(ScenarioPanel(component: preview.name, scenarios: scenarios))
                }
                actions(into: &html)
                html.element(.section, .ariaLabel("Event log")) { html in
                    html.element(.h2, text: "Event log")
                    html.element(
                        .p, .class("muted"),
                        text: "Taps on \(preview.title) handled by the server, newest first; updates live.")
                    EventTable(events: events, stream: "/events/stream?component=\(preview.title)").render(into: &html)
                }
            }
    }

    private func configurationSwitch(into html: inout HTMLBuffer) {
        html.element(.div, .class("config-switch"), .role("group"), .ariaLabel("Configuration")) { html in
            for configuration in ComponentPreview.Configuration.allCases {
                let target = GalleryRequest(preview: preview, configuration: configuration, values: gallery.values)
                let label = configuration == .selfManaged ? "Self-managed" : "Plain (gallery action)"
                html.element(
                    .a, .href(target.pagePath), .when(configuration == gallery.configuration, .ariaCurrent("true")),
                    text: label)
            }
        }
        html.element(
            .p, .class("notice"),
            text: gallery.configuration == .selfManaged
                ? "Self-managed: taps go to the component's own handler (\(preview.actions.map(\.path).joined(separator: ", ")))."
                : "Plain: the component knows nothing of the business; its tap goes to an action the gallery chose, which records it in the event log and comes back here."
        )
    }

    private func liveInstance(into html: inout HTMLBuffer) {
        html.element(.section, .class("variant"), .id("live"), .ariaLabel("Live instance")) { html in
            html.element(.h2, text: "Live instance")
            html.element(.form, .class("param-form"), .method(.get), .action("/components/\(preview.name)")) { html in
                html.void(.input, .type(.hidden), .name("config"), .value(gallery.configuration.rawValue))
                for parameter in preview.parameters {
                    parameterField(parameter, value: gallery.values[parameter.name], into: &html)
                }
                html.element(.button, .type(.submit), .class("button"), text: "Render")
            }
            if let live {
                html.element(
                    .p, .class("muted"),
                    text: "\(live.target) as you see it now: the state your taps committed, and the message a "
                        + "failed tap without script left (once). The variants and the fragment show the "
                        + "parameters as given.")
            }
            preview(of: gallery, fragment: live?.fragment, into: &html)
            html.element(.p) { html in
                html.element(.a, .href(gallery.fragmentPath), text: "Fragment")
                html.text(" · ")
                html.element(.a, .href(gallery.framePath), text: "Frame")
                html.text(" · ")
                html.element(.a, .href("/components.json"), text: "Catalogue (JSON)")
            }
            // Scrolls sideways on a narrow screen, so it takes keyboard focus (to scroll with the arrows).
            html.element(.div, .class("viewports"), .tabindex(0), .ariaLabel("Viewports")) { html in
                for (name, label) in [
                    ("phone", "Phone · 375 px"), ("tablet", "Tablet · 768 px"), ("desktop", "Desktop"),
                ] {
                    html.element(.figure, .class("viewport viewport--\(name)")) { html in
                        html.element(.figcaption, text: label)
                        html.element(
                            .iframe, .class("viewport-frame"), .src(gallery.framePath),
                            .title("\(preview.title) at \(label)"), .lazyLoading)
                    }
                }
            }
        }
    }

    private func parameterField(_ parameter: PreviewParameter, value: String, into html: inout HTMLBuffer) {
        let id = "param-" + parameter.name
        html.element(.label, .for(id)) { html in
            html.element(.span, text: parameter.name)
            html.element(.small, .class("muted"), text: parameter.summary)
        }
        if let allowed = parameter.allowedValues {
            html.element(.select, .id(id), .name(parameter.name)) { html in
                for option in allowed {
                    html.element(.option, .value(option), .when(option == value, .selected), text: option)
                }
            }
        } else if case .integer(let minimum) = parameter.kind {
            html.void(.input, .type(.number), .id(id), .name(parameter.name), .value(value), .min(minimum))
        } else {
            html.void(.input, .type(.text), .id(id), .name(parameter.name), .value(value))
        }
    }

    private func variants(into html: inout HTMLBuffer) {
        html.element(.h2, text: "Variants")
        for variant in preview.variants {
            let instance = GalleryRequest(
                preview: preview, configuration: gallery.configuration, values: preview.values(of: variant))
            html.element(.section, .class("variant"), .id("variant-" + variant.slug), .ariaLabel(variant.name)) {
                html in
                html.element(.h3, text: variant.name)
                preview(of: instance, into: &html)
                html.element(.p) { html in
                    html.element(.a, .href(instance.pagePath + "#live"), text: "Edit these parameters")
                    html.text(" · ")
                    html.element(.a, .href(instance.fragmentPath), text: "Fragment")
                    if gallery.configuration == .selfManaged,
                        let states = variantStates?.states(of: preview, variant: variant), states.count > 1
                    {
                        html.text(" · After a tap: ")
                        for (index, state) in states.dropFirst().enumerated() {
                            if index > 0 { html.text(", ") }
                            html.element(.a, .href(instance.in(state).framePath), text: Self.words(state))
                        }
                    }
                }
            }
        }
    }

    /// A state in the variant links' words.
    private static func words(_ state: PreviewState) -> String {
        switch state {
        case .shown: "as declared"
        case .optimistic: "at once (optimistic)"
        case .committed: "committed"
        case .rolledBack: "rolled back"
        }
    }

    /// How the component's pictures stand, with a link to review them.
    private func snapshotStatus(into html: inout HTMLBuffer) {
        guard let snapshots else { return }
        html.element(.section, .class("snapshot-status"), .ariaLabel("Snapshots")) { html in
            html.element(.h2, text: "Snapshots")
            html.element(.p) { html in
                if snapshots.total == snapshots.untaken {
                    html.text("None of its \(snapshots.total) pictures has been taken yet: run ")
                    html.element(.code, text: "scripts/snapshots --update")
                    html.text(".")
                    return
                }
                var line =
                    "\(snapshots.total) pictures (every variant in every state and mode): \(snapshots.matches) match, "
                    + "\(snapshots.differs) differ, \(snapshots.new) new"
                if snapshots.untaken > 0 { line += ", \(snapshots.untaken) not taken" }
                html.text(line + ". ")
                if snapshots.needsReview {
                    html.element(
                        .a, .href(SnapshotRoutes.path + "#component-\(preview.name)"), .class("snapshot-flag"),
                        text: "Review them")
                }
            }
        }
    }

    /// The rendered component, live and clickable, and its HTML source (`fragment`: these bytes in place of
    /// the instance's render).
    private func preview(of instance: GalleryRequest, fragment: [UInt8]? = nil, into html: inout HTMLBuffer) {
        let fragment = fragment ?? instance.fragment
        html.element(.div, .class("variant-preview")) { html in
            html.raw(HTMLRaw(bytes: fragment))
        }
        html.element(.div, .class("sources")) { html in
            html.element(.details, .class("source")) { html in
                html.element(.summary, text: "HTML")
                html.element(.pre, .tabindex(0)) { html in
                    html.element(.code, text: HTMLSource.indented(fragment))
                }
            }
            let calls = instance.swiftCalls
            html.element(.details, .class("source source--swift")) { html in
                html.element(.summary, text: "Swift")
                html.element(.p, .class("source-label"), text: "Self-managed: the component handles its own tap")
                html.element(.pre, .tabindex(0)) { html in
                    html.element(.code, text: calls.selfManaged.source)
                }
                html.element(
                    .p, .class("source-label"),
                    text: "Plain: the caller chooses where the tap goes (here, the gallery's recording action)")
                html.element(.pre, .tabindex(0)) { html in
                    html.element(.code, text: calls.plain.source)
                }
            }
        }
    }

    /// Where the component's tap goes and what answers it, from what the component registers: its tap
    /// route and fields, the file of its handler, the answers its route documents, and the pages that
    /// place it (which carry no tap code).
    private func tapHandling(into html: inout HTMLBuffer) {
        html.element(.section, .class("tap-handling"), .ariaLabel("How this component handles its tap")) { html in
            html.element(.h2, text: "How this component handles its tap")
            for action in preview.actions {
                html.element(.p) { html in
                    html.text("A tap is a form ")
                    html.element(.code, text: "\(action.method) \(action.path)")
                    html.text(" with ")
                    html.text(
                        action.fields.map { $0.required ? $0.name : "\($0.name) (optional)" }.joined(separator: ", "))
                    html.text(". Its handler, the component's own, is in ")
                    html.element(.code, text: preview.handlerFile)
                    html.text(", mounted once by the app.")
                }
                html.element(.ul, .class("outcomes")) { html in
                    for outcome in action.outcomes {
                        html.element(.li) { html in
                            html.element(.code, text: String(outcome.status))
                            html.text(" " + outcome.summary)
                        }
                    }
                }
                let pages = placements[action.path]
                html.element(.p) { html in
                    if pages.isEmpty {
                        html.text("No page places it.")
                    } else {
                        html.text("Placed by ")
                        for (index, page) in pages.enumerated() {
                            if index > 0 { html.text(index == pages.count - 1 ? " and " : ", ") }
                            html.element(.a, .href(page.path), text: "\(page.name) (\(page.path))")
                        }
                        html.text(
                            ". Those pages only place it: they carry no tap code, and none of their forms posts "
                                + "anywhere but a component's own route.")
                    }
                }
            }
        }
    }

    private func actions(into html: inout HTMLBuffer) {
        html.element(.section, .ariaLabel("Actions")) { html in
            html.element(.h2, text: "Actions")
            for action in preview.actions {
                html.element(.table, .class("actions")) { html in
                    html.element(.tbody) { html in
                        row("Method", action.method, into: &html)
                        row("Path", action.path, into: &html)
                        row("What it does", action.summary, into: &html)
                        for field in action.fields {
                            row("Field \(field.name)\(field.required ? "" : " (optional)")", field.summary, into: &html)
                        }
                        for header in action.headers {
                            row("Header \(header.name)", header.summary, into: &html)
                        }
                    }
                }
                html.element(.pre, .class("curl"), .tabindex(0)) { html in
                    html.element(.code, text: action.curl(origin: origin))
                }
            }
            if hasState {
                html.element(.p) { html in
                    html.text("Its state for the requesting viewer, as JSON: ")
                    html.element(.code, text: "GET /components/\(preview.name)/state/{target}")
                    html.text(".")
                }
            }
        }
    }

    private func row(_ heading: String, _ value: String, into html: inout HTMLBuffer) {
        html.element(.tr) { html in
            html.element(.th, .custom("scope", "row"), text: heading)
            html.element(.td, text: value)
        }
    }
}
