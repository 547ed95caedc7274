import Testing

@testable import HTTPCore

/// The hand-over of a deferred handler's response: whoever comes second learns what the first did.
@Suite struct RequestStateTests {
    typealias Handoff = RequestState.Handoff

    static let work = HTTPResponse.text("from the work")
    static let instead = HTTPResponse.text("from the server")

    @Test func anAnswerBeforeTheSuspensionIsKeptForTheServerThread() {
        var handoff = Handoff()
        let delivery = handoff.deliver(Self.work)
        #expect(delivery == .kept)
        let taken = handoff.take()
        #expect(taken?.bodyText == "from the work")
        let instead = handoff.answerInstead(Self.instead)
        #expect(!instead, "nothing is suspended")
    }

    @Test func anAnswerAfterTheSuspensionResumesTheConnection() {
        var handoff = Handoff()
        handoff.suspend()
        let delivery = handoff.deliver(Self.work)
        #expect(delivery == .resume)
        let instead = handoff.answerInstead(Self.instead)
        #expect(!instead, "the work answered first")
        let taken = handoff.take()
        #expect(taken?.bodyText == "from the work")
    }

    @Test func theServersAnswerInsteadWinsOverALateOne() {
        var handoff = Handoff()
        let early = handoff.answerInstead(Self.instead)
        #expect(!early, "not suspended yet: the server thread answers it")
        handoff.suspend()
        let first = handoff.answerInstead(Self.instead)
        let second = handoff.answerInstead(Self.instead)
        #expect(first)
        #expect(!second, "once")
        let delivery = handoff.deliver(Self.work)
        #expect(delivery == .dropped)
        let taken = handoff.take()
        let again = handoff.take()
        #expect(taken?.bodyText == "from the server")
        #expect(again == nil)
    }
}
