import HTTPCore

/// A story about a component's behaviour that is also a test: a name, a sentence, and steps, each an HTTP
/// request to the component's real routes with what its answer must show. A scenario runs as a fresh
/// viewer of its own (`{viewer}` in its requests), so it asserts only what is that viewer's and runs
/// on any server, alongside any other traffic, with no reset.
///
/// ```swift
/// Scenario("A tap commits", "A tap asks for on, the service saves it, and the viewer has it on.", steps: [
///     ScenarioStep("Tap", .post("/components/like/tap", form: ["post": "p1", "liked": "true"], simulate: .never),
///                  expect: [.status(303)]),
///     ScenarioStep("Read the state", .get("/components/like/state/p1"), expect: [.json("/on", .bool(true))]),
/// ])
/// ```
public struct Scenario: Sendable {
    /// The name in URLs: the name in lower case, words joined by `-`.
    package var id: String
    /// The scenario's name, as its report shows it: `A tap commits` (its `id` is made from it).
    public var name: String
    /// One sentence: what the scenario shows.
    package var sentence: String
    package var steps: [ScenarioStep]

    package init(_ name: String, _ sentence: String, steps: [ScenarioStep]) {
        self.id = Self.slug(name)
        self.name = name
        self.sentence = sentence
        self.steps = steps
    }

    /// `A tap commits` → `a-tap-commits`.
    package static func slug(_ name: String) -> String {
        var slug = ""
        for character in name.lowercased() {
            if character.isLetter || character.isNumber, character.isASCII {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug
    }

    /// The scenario as `GET /components/{name}/scenarios` lists it: each step an HTTP request any tool can
    /// send (after putting a fresh viewer id for `{viewer}` and a fresh token for `{run}`), and what to
    /// expect of its answer.
    package func json(component: String) -> JSONValue {
        .object([
            ("id", .string(id)),
            ("name", .string(name)),
            ("sentence", .string(sentence)),
            ("run", .string("/components/\(component)/scenarios/\(id)/run")),
            ("steps", .array(steps.map(\.json))),
        ])
    }
}
