import HTTPCore
import Testing

@Suite struct RouteParametersTests {
    @Test func setReplaceAndRemove() {
        var parameters: RouteParameters = ["uid": "ada", "id": "p1"]
        #expect(parameters["uid"] == "ada")
        #expect(parameters["id"] == "p1")
        #expect(parameters["other"] == nil)
        parameters["uid"] = "tim"
        #expect(parameters["uid"] == "tim")
        #expect(parameters.count == 2)
        parameters["id"] = nil
        #expect(parameters["id"] == nil)
        #expect(parameters.names == ["uid"])
        parameters["gone"] = nil
        #expect(parameters.count == 1)
    }

    @Test func equalityIgnoresOrder() {
        #expect(RouteParameters(dictionaryLiteral: ("a", "1"), ("b", "2")) == ["b": "2", "a": "1"])
        #expect(RouteParameters(dictionaryLiteral: ("a", "1")) != ["a": "2"])
        #expect(RouteParameters(dictionaryLiteral: ("a", "1")) != ["a": "1", "b": "2"])
        #expect(RouteParameters().isEmpty)
    }
}
