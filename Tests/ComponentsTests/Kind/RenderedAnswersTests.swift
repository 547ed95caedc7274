import Testing

@testable import Components

@Suite struct RenderedAnswersTests {
    private func key(
        _ target: String, on: Bool, count: Int, returnTo: String? = nil
    ) -> RenderedAnswers<ToggleStore.Presentation>.Key {
        .init(target: target, presentation: .init(state: .init(isOn: on, count: count)), returnTo: returnTo)
    }

    @Test func anAnswerRenderedFromTheSameInputsIsRenderedOnce() {
        let answers = RenderedAnswers<ToggleStore.Presentation>(limit: 3)
        var renders = 0
        func answer(_ key: RenderedAnswers<ToggleStore.Presentation>.Key, _ text: String) -> String {
            String(
                decoding: answers.bytes(for: key) {
                    renders += 1; return Array(text.utf8)
                }, as: UTF8.self)
        }
        #expect(answer(key("p1", on: true, count: 11), "on 11") == "on 11")
        #expect(answer(key("p1", on: true, count: 11), "ignored") == "on 11")
        #expect(renders == 1)
        #expect(answer(key("p1", on: true, count: 12), "on 12") == "on 12", "another count is another answer")
        #expect(answer(key("p1", on: true, count: 11, returnTo: "/feed"), "elsewhere") == "elsewhere")
        #expect(answer(key("p2", on: true, count: 11), "p2") == "p2")
        #expect(renders == 4)
        #expect(answers.count <= 3, "a full store starts over")
    }

    @Test func withALimitOfZeroEveryAnswerIsRendered() {
        let answers = RenderedAnswers<ToggleStore.Presentation>(limit: 0)
        var renders = 0
        for _ in 0..<3 {
            _ = answers.bytes(for: key("p1", on: false, count: 0)) {
                renders += 1; return []
            }
        }
        #expect(renders == 3)
        #expect(answers.count == 0)
    }
}
