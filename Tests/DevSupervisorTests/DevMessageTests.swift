import DevProtocol
import Testing

@Suite struct DevMessageTests {
    @Test(arguments: [
        DevMessage.building, .reload(build: "12.3"), .css(path: "/public/app.css"),
        .buildFailed(json: #"{"diagnostics":[],"output":"a b"}"#), .stop, .ready,
        .simulation(arguments: ["--latency-ms", "5", "--failure-rate", "0.5"]),
    ])
    func eachMessageIsOneLineThatParsesBack(_ message: DevMessage) {
        let line = message.line
        #expect(line.hasSuffix("\n"))
        #expect(line.dropLast().contains("\n") == false)
        #expect(DevMessage(line: line.dropLast()) == message)
    }

    @Test func lineBreaksInDataCannotSplitAMessage() {
        let line = DevMessage.buildFailed(json: "{\n\"x\": 1}").line
        #expect(line == "build-failed { \"x\": 1}\n")
    }

    @Test func unknownLinesAreNotMessages() {
        #expect(DevMessage(line: "explode now") == nil)
        #expect(DevMessage(line: "") == nil)
    }

    @Test func onlyThePagesMessagesAreEvents() {
        #expect(DevMessage.css(path: "/public/a.css").eventName == "css")
        #expect(DevMessage.buildFailed(json: "{}").eventName == "build-failed")
        #expect(DevMessage.ready.eventName == nil)
        #expect(DevMessage.simulation(arguments: []).eventName == nil)
    }
}
