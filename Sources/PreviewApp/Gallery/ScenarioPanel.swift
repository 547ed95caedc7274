import Components
import HTML

/// The component page's "Scenarios" panel: each scenario with its sentence and its steps (the request
/// each sends), a button to play it on this server (and one to play them all), and, as it plays, each
/// step's outcome, the component as the step's answer shows it, and the scenario viewer's lines of the
/// event log. `Public/app.js` plays it through `POST /components/{name}/scenarios/{id}/run`, one step at a
/// time; without script each button posts that form, whose answer is the run's JSON report.
struct ScenarioPanel: HTMLComponent {
    var component: String
    var scenarios: [Scenario]

    func render(into html: inout HTMLBuffer) {
        html.element(.section, .class("scenarios"), .id("scenarios"), .ariaLabel("Scenarios")) { html in
            html.element(.h2, text: "Scenarios")
            html.element(
                .p, .class("muted"),
                text: "Each is a story and a test: it drives the component's own routes as a fresh viewer of its own "
                    + "and checks every answer. Machines read them at /components/\(component)/scenarios.")
            html.element(.button, .type(.button), .class("scenario-run-all"), .custom("data-scenario-run-all", "")) {
                html in html.text("Run all \(scenarios.count) scenarios")
            }
            html.element(.p, .class("scenario-status"), .role("status"), text: "")
            html.element(.ol, .class("scenario-list")) { html in
                for scenario in scenarios {
                    item(scenario, into: &html)
                }
            }
        }
    }

    private func item(_ scenario: Scenario, into html: inout HTMLBuffer) {
        let run = "/components/\(component)/scenarios/\(scenario.id)/run"
        html.element(
            .li, .class("scenario"), .id("scenario-" + scenario.id), .custom("data-scenario", run),
            .custom("data-scenario-name", scenario.name)
        ) { html in
            html.element(.h3, text: scenario.name)
            html.element(.p, text: scenario.sentence)
            html.element(.form, .method(.post), .action(run)) { html in
                html.element(.button, .type(.submit), .class("scenario-run"), .ariaLabel("Run “\(scenario.name)”")) {
                    html in html.text("Run")
                }
            }
            html.element(.ol, .class("scenario-steps")) { html in
                for (index, step) in scenario.steps.enumerated() {
                    html.element(.li, .class("scenario-step"), .custom("data-step", integer: index)) { html in
                        html.element(.span, .class("step-name"), text: step.name)
                        html.text(" ")
                        html.element(.code, text: step.request.method + " " + step.request.path)
                        html.text(" ")
                        html.element(.span, .class("step-result"), text: "not run")
                    }
                }
            }
            html.element(
                .div, .class("scenario-answer"), .hidden, .ariaLabel("The component as the last answer shows it")
            ) {
                _ in
            }
            html.element(.ul, .class("scenario-events"), .hidden, .ariaLabel("The scenario viewer's events")) { _ in }
        }
    }
}
