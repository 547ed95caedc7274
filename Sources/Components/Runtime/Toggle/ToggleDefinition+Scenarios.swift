import HTTPCore

extension ToggleDefinition {
    /// The scenarios every toggle gets, on `target`, as a fresh viewer (for whom it is off): a tap
    /// commits; a tap that fails rolls back to exactly the prior state; a tap for the state the viewer has
    /// changes nothing and calls no service; two taps in flight end in the last one's state; without
    /// script a tap comes back to `return_to`.
    package func scenarios(target: String) -> [Scenario] {
        let state = "/components/\(name)/state/\(target)"
        func tap(_ on: Bool, script: Bool = true, simulate: ForcedOutcome?, returnTo: String? = nil) -> ScenarioRequest
        {
            var form = [(self.target.field, target), (self.state, String(on))]
            if let returnTo { form.append(("return_to", returnTo)) }
            return .post(tapPath, form: form, script: script, simulate: simulate)
        }
        let readState = ScenarioRequest.get(state)
        let newestEvent = ScenarioRequest.get(
            "/events?viewer={viewer}&component=\(title)",
            headers: [NameValue(name: "Accept", value: "application/json")])
        let root = "data-self-managed=\"\(name) \(target)\""
        return [
            Scenario(
                "A tap commits",
                "Tapped with the service answering, the \(target.isEmpty ? "target" : target) is on for the viewer.",
                steps: [
                    ScenarioStep(
                        "Tap, asking for on", tap(true, simulate: .succeed),
                        expect: [
                            .status(200), .contains(root),
                            .header(Announcement.header, Announcement.headerValue(announcements.on)),
                        ]),
                    ScenarioStep(
                        "The state is on", readState,
                        expect: [.json("/on", .bool(true)), .json("/pending", .bool(false))]),
                    ScenarioStep(
                        "The newest event committed", newestEvent, expect: [.json("/0/outcome", .string("committed"))]),
                ]),
            Scenario(
                "A tap that fails rolls back",
                "The service fails: the answer is 503 and the state is exactly as before the tap.",
                steps: [
                    ScenarioStep(
                        "Tap, the service failing", tap(true, simulate: .fail),
                        expect: [.status(503), .contains(root), .contains(failureMessage)]),
                    ScenarioStep(
                        "The state is off again", readState,
                        expect: [.json("/on", .bool(false)), .json("/pending", .bool(false))]),
                    ScenarioStep(
                        "The newest event rolled back", newestEvent,
                        expect: [.json("/0/outcome", .string("rolled-back"))]),
                ]),
            Scenario(
                "A tap for the state it has changes nothing",
                "Asking for off when it is off sends nothing, so even a forced failure cannot fail it.",
                steps: [
                    ScenarioStep("Tap, asking for off", tap(false, simulate: .fail), expect: [.status(200)]),
                    ScenarioStep("The state is still off", readState, expect: [.json("/on", .bool(false))]),
                ]),
            Scenario(
                "Two taps in flight end in the last one's state",
                "On, then off while the first is in flight: both are answered and the state is the last one's.",
                steps: [
                    ScenarioStep("Tap, asking for on", tap(true, simulate: .succeed), expect: [.status(200)]),
                    ScenarioStep(
                        "Tap again at once, asking for off", tap(false, simulate: .succeed), expect: [.status(200)],
                        alongsidePrevious: true),
                    ScenarioStep(
                        "The state is off", readState,
                        expect: [.json("/on", .bool(false)), .json("/pending", .bool(false))]),
                ]),
            Scenario(
                "Without script a tap comes back", "A plain form's tap answers 303 to the page it came from.",
                steps: [
                    ScenarioStep(
                        "Tap from a page", tap(true, script: false, simulate: .succeed, returnTo: "/"),
                        expect: [.status(303), .header("Location", "/")]),
                    ScenarioStep("The state is on", readState, expect: [.json("/on", .bool(true))]),
                ]),
        ]
    }
}
