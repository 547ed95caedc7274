import HTML
import HTTPCore
import Testing

@testable import Components

/// Scenarios as data: their ids, what a run puts in, what an expectation says when it fails, and their
/// JSON read back.
@Suite struct ScenarioTests {
    static let variables = ScenarioVariables(viewer: "v0123456789abcdef", run: "r42")

    @Test func idsAreTheNameInLowerCaseJoinedByDashes() {
        #expect(
            Scenario.slug("Two taps in flight end in the last one's state")
                == "two-taps-in-flight-end-in-the-last-one-s-state")
        #expect(Scenario.slug("  A 422, kept!  ") == "a-422-kept")
    }

    @Test func aRunPutsInItsViewerAndTokenAndTheViewersCookie() {
        let request = ScenarioRequest.post(
            "/components/comment/send", form: [("text", "Scenario {run}"), ("key", "k-{run}-1")], script: true,
            simulate: .fail
        ).resolved(Self.variables)
        #expect(request.body == "text=Scenario%20r42&key=k-r42-1")
        #expect(request.headers.contains(NameValue(name: "Cookie", value: "viewer=v0123456789abcdef")))
        #expect(request.headers.contains(NameValue(name: "HX-Request", value: "true")))
        #expect(request.headers.contains(NameValue(name: "X-Simulate-Failure", value: "always")))
        #expect(
            ScenarioRequest.get("/events?viewer={viewer}").resolved(Self.variables).path
                == "/events?viewer=v0123456789abcdef")
    }

    @Test func aFailedExpectationSaysWhatCameAndWhatWasExpected() {
        let response = ScenarioResponse(
            status: 200, headers: ["Location": "/feed"],
            body: Array(#"{"on":false,"comments":[{"author":"v0123456789abcdef","text":"a"}]}"#.utf8))
        func failure(_ expectation: ScenarioExpectation) -> String? {
            expectation.failure(in: response, Self.variables)
        }
        #expect(failure(.status(200)) == nil)
        #expect(failure(.status(503)) == "status 200, expected 503")
        #expect(failure(.header("Location", "/")) == #"Location is "/feed", expected "/""#)
        #expect(failure(.header("HX-Redirect", nil)) == nil)
        #expect(failure(.json("/on", .bool(true))) == "JSON /on is false, expected true")
        #expect(failure(.json("/missing", .null)) == "JSON has nothing at /missing")
        #expect(failure(.jsonCount("/comments", matching: [("author", .string("{viewer}"))], equals: 1)) == nil)
        #expect(
            failure(.jsonCount("/comments", matching: [("text", .string("b"))], equals: 1))?.contains("0 elements")
                == true)
        #expect(failure(.contains("\"on\":false")) == nil && failure(.lacks("\"on\":false")) != nil)
    }

    @Test func aScenarioReadsBackFromItsJSON() throws {
        let scenarios = LikeLike.definition.scenarios(target: "p1")
        #expect(scenarios.count == 5)
        for scenario in scenarios {
            let json = scenario.json(component: "like")
            let read = try Scenario(json: try JSONValue(parsing: json.encoded()))
            #expect(read.json(component: "like") == json)
            #expect(read.id == scenario.id && read.steps.count == scenario.steps.count)
        }
        #expect(throws: Scenario.DecodingError.self) { try Scenario(json: .object([("id", .string("x"))])) }
    }

}

/// A toggle declared here, so that the kit's scenarios are read without the demo.
private enum LikeLike {
    static let definition = ToggleDefinition(
        name: "like", title: "LikeButton",
        target: TapTarget("post", noun: "post", purpose: "the post to like", example: "p1"),
        state: "liked", summary: "Tap", failureMessage: "Not saved.", returnPath: .fixed("/"),
        render: { _, _, _ in HTMLRawComponent() })
}

private struct HTMLRawComponent: HTMLComponent {
    func render(into html: inout HTMLBuffer) {}
}
