import Basics
import Components
import HTTPCore
import TestKit
import Testing

@Suite struct TapEventTests {
    @Test func likeEventEncodesAsJSON() {
        let event = TapEvent(
            sequence: 3,
            time: Timestamp(millisecondsSince1970: 951_782_400_000),
            component: "LikeButton",
            instance: "p1",
            viewer: "alice",
            prior: ToggleState(isOn: false, count: 10).eventState(named: "liked"),
            optimistic: ToggleState(isOn: true, count: 11).eventState(named: "liked"),
            outcome: .rolledBack,
            latencyMilliseconds: 12
        )
        #expect(
            String(decoding: event.json.encoded(), as: UTF8.self)
                == #"{"sequence":3,"time":"2000-02-29T00:00:00.000Z","component":"LikeButton","instance":"p1","#
                + #""viewer":"\#(Viewer(id: "alice")!.id)","prior":{"liked":false,"count":10},"optimistic":{"liked":true,"count":11},"#
                + #""outcome":"rolled-back","latencyMs":12,"location":null,"priorText":"not liked, 10","optimisticText":"liked, 11"}"#
        )
    }

    @Test func avatarEventEncodesItsLocation() {
        let event = TapEvent(
            sequence: 1,
            time: Timestamp(millisecondsSince1970: 0),
            component: "AvatarView",
            instance: "ada",
            viewer: "v1",
            outcome: .redirected,
            location: "/users/ada"
        )
        #expect(
            String(decoding: event.json.encoded(), as: UTF8.self)
                == #"{"sequence":1,"time":"1970-01-01T00:00:00.000Z","component":"AvatarView","instance":"ada","#
                + #""viewer":"\#(Viewer(id: "v1")!.id)","prior":null,"optimistic":null,"outcome":"redirected","latencyMs":0,"#
                + #""location":"/users/ada","priorText":"–","optimisticText":"–"}"#
        )
    }

    @Test func outcomesHaveTheirWireNames() {
        #expect(TapEvent.Outcome.committed.rawValue == "committed")
        #expect(TapEvent.Outcome.rolledBack.rawValue == "rolled-back")
        #expect(TapEvent.Outcome.redirected.rawValue == "redirected")
        #expect(TapEvent.Outcome.recorded.rawValue == "recorded")
    }
}
