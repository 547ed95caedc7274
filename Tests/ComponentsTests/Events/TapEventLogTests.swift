import Components
import Synchronization
import TestKit
import Testing

/// Collects the events a listener is told about.
private final class Heard: Sendable {
    private let events = Mutex<[TapEvent]>([])

    func append(_ event: TapEvent) {
        events.withLock { $0.append(event) }
    }

    var sequences: [Int] {
        events.withLock { $0.map(\.sequence) }
    }
}

@Suite struct TapEventLogTests {
    private func event(_ instance: String) -> TapEvent {
        TapEvent(component: "LikeButton", instance: instance, viewer: "alice", outcome: .committed)
    }

    @Test func recordNumbersEventsFromOne() {
        let log = TapEventLog()
        let first = log.record(
            TapEvent(sequence: 99, component: "AvatarView", instance: "a", viewer: "v", outcome: .redirected))
        let second = log.record(event("b"))
        #expect(first.sequence == 1)
        #expect(second.sequence == 2)
        #expect(first.instance == "a")
        #expect(log.recent().map(\.sequence) == [2, 1])
    }

    @Test func recentIsNewestFirstAndLimited() {
        let log = TapEventLog()
        for name in ["a", "b", "c", "d"] {
            log.record(event(name))
        }
        #expect(log.recent().map(\.instance) == ["d", "c", "b", "a"])
        #expect(log.recent(limit: 2).map(\.instance) == ["d", "c"])
        #expect(log.recent(limit: 0).isEmpty)
        #expect(log.count == 4)
    }

    @Test func capacityBoundsTheEventsKept() {
        let log = TapEventLog(capacity: 3)
        for index in 0..<5 {
            log.record(event("e\(index)"))
        }
        #expect(log.capacity == 3)
        #expect(log.count == 3)
        #expect(log.recent().map(\.instance) == ["e4", "e3", "e2"])
        #expect(log.recent().map(\.sequence) == [5, 4, 3])
    }

    @Test func theRingKeepsTheNewestAcrossManyWraps() {
        let log = TapEventLog(capacity: 4)
        var recorded: [String] = []
        for index in 0..<23 {
            log.record(event("e\(index)"))
            recorded.append("e\(index)")
            #expect(log.recent().map(\.instance) == Array(recorded.suffix(4).reversed()))
            #expect(log.recent(limit: 3).map(\.instance) == Array(recorded.suffix(3).reversed()))
        }
        #expect(log.recent().map(\.sequence) == [23, 22, 21, 20])
    }

    @Test func capacityIsAtLeastOne() {
        let log = TapEventLog(capacity: 0)
        #expect(log.capacity == 1)
        log.record(event("a"))
        log.record(event("b"))
        #expect(log.recent().map(\.instance) == ["b"])
    }

    @Test func defaultCapacityIs500() {
        #expect(TapEventLog().capacity == 500)
    }

    @Test func listenersHearNumberedEventsUntilRemoved() {
        let log = TapEventLog()
        let first = Heard()
        let second = Heard()
        log.record(event("before"))
        let firstToken = log.addListener { first.append($0) }
        let secondToken = log.addListener { second.append($0) }
        #expect(firstToken != secondToken)
        log.record(event("a"))
        log.removeListener(firstToken)
        log.record(event("b"))
        log.removeListener(secondToken)
        log.record(event("c"))
        #expect(first.sequences == [2])
        #expect(second.sequences == [2, 3])
    }

    @Test func recordingFromManyTasksNumbersEachEventOnce() async {
        let log = TapEventLog(capacity: 1_000)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<400 {
                group.addTask { _ = log.record(self.event("e\(index)")) }
            }
        }
        #expect(log.count == 400)
        #expect(log.recent().map(\.sequence) == Array((1...400).reversed()))
    }
}
