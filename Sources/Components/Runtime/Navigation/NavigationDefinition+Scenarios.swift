import HTTPCore

extension NavigationDefinition {
    /// The scenarios every navigating component gets, on `target`, which leads to `destination`: a tap
    /// answers `303` to it, and `HX-Redirect` with `HX-Request`.
    package func scenarios(target: String, destination: String) -> [Scenario] {
        let form = [(self.target.field, target)]
        return [
            Scenario(
                "A tap navigates", "A tap answers 303 to the page it names.",
                steps: [
                    ScenarioStep(
                        "Tap", .post(tapPath, form: form), expect: [.status(303), .header("Location", destination)])
                ]),
            Scenario(
                "With script a tap answers HX-Redirect",
                "With HX-Request the answer is 200 and HX-Redirect names the page.",
                steps: [
                    ScenarioStep(
                        "Tap from script", .post(tapPath, form: form, script: true),
                        expect: [.status(200), .header("HX-Redirect", destination), .header("Location", nil)])
                ]),
        ]
    }
}
