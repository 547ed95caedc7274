import HTTPCore

extension CommentDefinition {
    /// The scenarios every comment box gets, on `target`, as a fresh viewer (whose comments are found by
    /// author and text, whatever else the thread holds): a send commits; a failure keeps the text; invalid
    /// text is a `422` that keeps it; a repeated key stores one comment.
    package func scenarios(target: String, returnPath: String) -> [Scenario] {
        let state = ScenarioRequest.get("/components/\(name)/state/\(target)")
        let newestEvent = ScenarioRequest.get(
            "/events?viewer={viewer}&component=\(title)",
            headers: [NameValue(name: "Accept", value: "application/json")])
        func send(_ text: String, key: String, script: Bool = true, simulate: ForcedOutcome? = nil) -> ScenarioRequest {
            .post(
                sendPath, form: [(self.target.field, target), (Self.textField, text), (Self.keyField, key)],
                script: script, simulate: simulate)
        }
        func mine(_ text: String, _ count: Int) -> ScenarioExpectation {
            .jsonCount(
                "/comments", matching: [("author", .string("{viewer}")), ("text", .string(text))], equals: count)
        }
        let tooLong = "{run} " + String(repeating: "x", count: maximumLength)
        return [
            Scenario(
                "A send commits", "A comment sent without script answers 303 to the post, and the thread has it once.",
                steps: [
                    ScenarioStep(
                        "Send", send("Scenario {run}: sent", key: "scn-{run}-1", script: false, simulate: .succeed),
                        expect: [.status(303), .header("Location", returnPath)]),
                    ScenarioStep(
                        "The thread has it", state,
                        expect: [mine("Scenario {run}: sent", 1), .json("/pending", .bool(false))]),
                    ScenarioStep(
                        "The newest event committed", newestEvent, expect: [.json("/0/outcome", .string("committed"))]),
                ]),
            Scenario(
                "A failure keeps the text",
                "The service fails: the answer is 503, the composer holds the text, and the thread does not.",
                steps: [
                    ScenarioStep(
                        "Send, the service failing", send("Scenario {run}: kept", key: "scn-{run}-2", simulate: .fail),
                        expect: [.status(503), .contains("Scenario {run}: kept</textarea>"), .contains(failureMessage)]),
                    ScenarioStep("The thread does not have it", state, expect: [mine("Scenario {run}: kept", 0)]),
                    ScenarioStep(
                        "The newest event rolled back", newestEvent,
                        expect: [.json("/0/outcome", .string("rolled-back"))]),
                ]),
            Scenario(
                "Invalid text is a 422 that keeps it",
                "Text over the limit is refused as it is: 422, the text kept, nothing sent.",
                steps: [
                    ScenarioStep(
                        "Send too much", send(tooLong, key: "scn-{run}-3"),
                        expect: [.status(422), .contains(tooLong + "</textarea>"), .contains("aria-invalid=\"true\"")]),
                    ScenarioStep("The thread does not have it", state, expect: [mine(tooLong, 0)]),
                    ScenarioStep(
                        "The newest event was rejected", newestEvent, expect: [.json("/0/outcome", .string("rejected"))]
                    ),
                ]),
            Scenario(
                "A repeated key stores one comment",
                "The same key sent again is answered as the first send was (even with the service failing) and stores nothing more.",
                steps: [
                    ScenarioStep(
                        "Send", send("Scenario {run}: once", key: "scn-{run}-4", simulate: .succeed),
                        expect: [.status(200)]),
                    ScenarioStep(
                        "Send the same key again", send("Scenario {run}: once", key: "scn-{run}-4", simulate: .fail),
                        expect: [.status(200)]),
                    ScenarioStep("The thread has it once", state, expect: [mine("Scenario {run}: once", 1)]),
                ]),
        ]
    }
}
