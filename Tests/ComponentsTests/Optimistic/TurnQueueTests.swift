import ComponentTesting
import Components
import HTTPTesting
import Synchronization
import Testing

/// Collects values from many tasks.
private final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func append(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    var all: [Value] {
        values.withLock { $0 }
    }
}

/// Takes a turn and lets it go at once, never waiting on it.
private func takeAndDrop(_ queue: TurnQueue<String>, _ key: String) {
    _ = queue.take(key)
}

/// Starts a task that waits for `turn`, records `name` once it has it, then finishes the turn.
private func recordWhenItsTurn(
    _ turn: TurnQueue<String>.Turn, as name: String, in ran: Recorder<String>
)
    -> Task<Void, Never>
{
    Task {
        await turn.wait()
        ran.append(name)
        turn.finish()
    }
}

/// Every `wait()` goes through `completes(within:)`, so a line that stalls fails the test instead of hanging.
@Suite struct TurnQueueTests {
    let queue = TurnQueue<String>()

    @Test func turnsForOneKeyRunInTheOrderTaken() async {
        let order = Recorder<Int>()
        let turns = (0..<200).map { _ in queue.take("k") }
        // 200 turns one after another: under a sanitizer, beside the other suites, that takes a while.
        let done = await completes(within: .seconds(60)) {
            await withTaskGroup(of: Void.self) { group in
                // Start the later turns first, so that the queue, not task start order, decides.
                for (index, turn) in turns.enumerated().reversed() {
                    group.addTask {
                        await turn.wait()
                        await Task.yield()
                        order.append(index)
                        turn.finish()
                    }
                }
            }
        }
        #expect(done)
        #expect(order.all == Array(0..<200))
        #expect(queue.busyKeys == 0)
    }

    @Test func aLaterTurnWaitsForTheEarlierToFinish() async throws {
        let first = queue.take("k")
        let second = queue.take("k")
        #expect(await completes { await first.wait() })
        let ran = Recorder<String>()
        let task = recordWhenItsTurn(second, as: "second", in: ran)
        #expect(await eventually { queue.suspendedTurns("k") == 1 })
        #expect(ran.all.isEmpty)
        ran.append("first done")
        first.finish()
        #expect(await completes { await task.value })
        #expect(ran.all == ["first done", "second"])
        #expect(queue.busyKeys == 0)
    }

    @Test func aTicketHoldsItsPlaceUntilFinishedOrMadeATurn() async {
        let first = queue.ticket("k")
        #expect(first.isServed)
        // Behind a ticket, as behind a turn: not served until it is let go.
        let second = queue.ticket("k")
        #expect(!second.isServed)
        let ran = Recorder<String>()
        let task = recordWhenItsTurn(queue.turn(second), as: "second", in: ran)
        #expect(await eventually { queue.suspendedTurns("k") == 1 })
        #expect(ran.all.isEmpty)
        queue.finish(first)
        #expect(await completes { await task.value })
        #expect(ran.all == ["second"])
        #expect(queue.busyKeys == 0)
        // A ticket made into a turn that is dropped lets its line go, as a dropped turn does.
        _ = queue.turn(queue.ticket("k"))
        #expect(queue.ticket("k").isServed)
    }

    @Test func differentKeysDoNotBlockEachOther() async {
        let a = queue.take("a")
        #expect(await completes { await a.wait() })
        let b = queue.take("b")
        #expect(await completes { await b.wait() }, "b must not wait for a, which is still running")
        #expect(queue.busyKeys == 2)
        b.finish()
        #expect(queue.busyKeys == 1)
        a.finish()
        #expect(queue.busyKeys == 0)
    }

    @Test func aTurnFinishedWithoutWaitingDoesNotStallTheLine() async {
        let first = queue.take("k")
        let dropped = queue.take("k")
        let third = queue.take("k")
        #expect(await completes { await first.wait() })
        first.finish()
        dropped.finish()
        #expect(await completes { await third.wait() })
        third.finish()
        #expect(queue.busyKeys == 0)
    }

    @Test func aReleasedTurnFinishesByItself() async {
        let first = queue.take("k")
        takeAndDrop(queue, "k")
        let third = queue.take("k")
        #expect(await completes { await first.wait() })
        first.finish()
        #expect(await completes { await third.wait() })
        third.finish()
        #expect(queue.busyKeys == 0)
    }

    @Test func aTurnDroppedWhileAnEarlierRunsStillLetsTheLaterWait() async throws {
        let first = queue.take("k")
        #expect(await completes { await first.wait() })
        takeAndDrop(queue, "k")
        let third = queue.take("k")
        let ran = Recorder<String>()
        let task = recordWhenItsTurn(third, as: "third", in: ran)
        #expect(await eventually { queue.suspendedTurns("k") == 1 })
        #expect(ran.all.isEmpty, "the third turn must still wait for the first")
        ran.append("first done")
        first.finish()
        #expect(await completes { await task.value })
        #expect(ran.all == ["first done", "third"])
        #expect(queue.busyKeys == 0)
    }

    @Test func aTurnDroppedWhileTheLaterAlreadyWaitsIsSkipped() async throws {
        let first = queue.take("k")
        #expect(await completes { await first.wait() })
        let second = queue.take("k")
        let third = queue.take("k")
        let ran = Recorder<String>()
        let task = recordWhenItsTurn(third, as: "third", in: ran)
        #expect(await eventually { queue.suspendedTurns("k") == 1 })
        second.finish()
        // The third is still suspended: dropping the second resumed nothing.
        #expect(queue.suspendedTurns("k") == 1)
        #expect(ran.all.isEmpty, "dropping the second must not let the third overtake the first")
        ran.append("first done")
        first.finish()
        #expect(await completes { await task.value })
        #expect(ran.all == ["first done", "third"])
        #expect(queue.busyKeys == 0)
    }

    @Test func finishingTwiceDoesNotSkipTheNextTurn() async throws {
        let first = queue.take("k")
        let second = queue.take("k")
        let third = queue.take("k")
        #expect(await completes { await first.wait() })
        first.finish()
        first.finish()
        #expect(await completes { await second.wait() })
        let ran = Recorder<String>()
        let task = recordWhenItsTurn(third, as: "third", in: ran)
        #expect(await eventually { queue.suspendedTurns("k") == 1 })
        #expect(ran.all.isEmpty, "the third turn must wait for the second")
        ran.append("second done")
        second.finish()
        #expect(await completes { await task.value })
        #expect(ran.all == ["second done", "third"])
    }

    @Test func aLineCanBeReusedAfterItEmpties() async {
        for _ in 0..<3 {
            let turn = queue.take("k")
            #expect(await completes { await turn.wait() })
            #expect(queue.busyKeys == 1)
            turn.finish()
            #expect(queue.busyKeys == 0)
        }
    }
}
