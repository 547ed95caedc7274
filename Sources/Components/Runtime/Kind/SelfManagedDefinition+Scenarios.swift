import HTTPCore

extension SelfManagedDefinition {
    /// The scenarios the kit derives for any kind, on `target`, from the first example change there, as a
    /// fresh viewer (alongside any other traffic, so only what is the viewer's own is checked): it commits;
    /// when the service fails it rolls back, answering `503` with the failure message, nothing left
    /// pending and the event rolled back; without script it comes back to `return_to`; an unknown target
    /// is `404`.
    package func defaultScenarios(target: String) -> [Scenario] {
        guard let change = exampleChanges(target, nil).first(where: { $0.target == target }),
            let action = action(named: change.action)
        else { return [] }
        let path = path(of: action.name)
        func post(
            target: String, script: Bool = true, simulate: ForcedOutcome?, returnTo: String? = nil
        )
            -> ScenarioRequest
        {
            var form: [(String, String)] = action.needsTarget ? [(self.target.field, target)] : []
            form += change.fields
            if let returnTo { form.append(("return_to", returnTo)) }
            return .post(path, form: form, script: script, simulate: simulate)
        }
        let state = ScenarioRequest.get("/components/\(name)/state/\(target)")
        let newestEvent = ScenarioRequest.get(
            "/events?viewer={viewer}&component=\(title)",
            headers: [NameValue(name: "Accept", value: "application/json")])
        let root = "data-self-managed=\"\(name) \(target)\""
        let verb = action.name
        let named = verb.prefix(1).uppercased() + verb.dropFirst()
        return [
            Scenario(
                "\(named) commits", "With the service answering, the \(verb) is saved and shown committed.",
                steps: [
                    ScenarioStep(
                        "The \(verb)", post(target: target, simulate: .succeed),
                        expect: [.status(200), .contains(root)]),
                    ScenarioStep("Nothing is pending", state, expect: [.json("/pending", .bool(false))]),
                    ScenarioStep(
                        "The newest event committed", newestEvent, expect: [.json("/0/outcome", .string("committed"))]),
                ]),
            Scenario(
                "\(named) that fails rolls back",
                "The service fails: the answer is 503 and the state is exactly as before the \(verb).",
                steps: [
                    ScenarioStep(
                        "The \(verb), the service failing", post(target: target, simulate: .fail),
                        expect: [.status(503), .contains(root), .contains(words.failureMessage)]),
                    ScenarioStep("Nothing is pending", state, expect: [.json("/pending", .bool(false))]),
                    ScenarioStep(
                        "The newest event rolled back", newestEvent,
                        expect: [.json("/0/outcome", .string("rolled-back"))]),
                ]),
            Scenario(
                "\(named) without script comes back", "A plain form's \(verb) answers 303 to the page it came from.",
                steps: [
                    ScenarioStep(
                        "The \(verb) from a page",
                        post(target: target, script: false, simulate: .succeed, returnTo: "/"),
                        expect: [.status(303), .header("Location", "/")])
                ]),
            Scenario(
                "\(named) on an unknown target is 404",
                "A \(verb) on a \(self.target.noun) that does not exist changes nothing.",
                steps: [
                    ScenarioStep(
                        "The \(verb) on no \(self.target.noun)",
                        post(target: "no-such-\(self.target.noun)", simulate: nil),
                        expect: [.status(404)])
                ]),
        ]
    }
}
