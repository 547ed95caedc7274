import Basics
import Synchronization
import Testing

/// A `ServiceGroup`: every service starts; a signal, a service's end or its failure stops the rest, one
/// at a time in the reverse order, each after the one after it has returned.
@Suite struct ServiceGroupTests {
    /// What the services did, in order.
    final class Log: Sendable {
        let lines = Mutex<[String]>([])
        let (started, startedSink) = AsyncStream<String>.makeStream()

        func note(_ line: String) {
            lines.withLock { $0.append(line) }
            if line.hasPrefix("start ") {
                startedSink.yield(line)
            }
        }

        /// Returns once `count` services have started.
        func waitForStarts(_ count: Int) async {
            var seen = 0
            for await _ in started {
                seen += 1
                if seen == count { return }
            }
        }
    }

    struct Failure: Error, Equatable {}

    /// Runs until cancelled, then notes that it stopped; or, told so, ends or fails by itself at once.
    struct Probe: Service {
        enum Kind: Sendable {
            case untilCancelled, endsAtOnce, failsAtOnce
        }

        let name: String
        let kind: Kind
        let log: Log
        /// How long stopping takes, in turns given up: a service cancelled with the others at once and
        /// quicker to stop than a later one would stop first.
        var stopping = 1

        func run() async throws {
            log.note("start \(name)")
            switch kind {
            case .untilCancelled:
                await Task.untilCancelled()
                for _ in 0..<stopping {
                    await Task.yield()
                }
                log.note("stop \(name)")
            case .endsAtOnce:
                log.note("end \(name)")
            case .failsAtOnce:
                log.note("fail \(name)")
                throw Failure()
            }
        }
    }

    @Test func aSignalStopsEveryServiceInTheReverseOrderEachAfterTheNextHasStopped() async throws {
        let log = Log()
        let (signals, signal) = AsyncStream<Int32>.makeStream()
        // The later a service, the longer it takes to stop: only an ordered shutdown stops them in reverse.
        let services = [("persister", 1), ("dev", 50), ("server", 100)].map {
            Probe(name: $0, kind: .untilCancelled, log: log, stopping: $1)
        }
        let stopping = Mutex<[ServiceGroup.Reason]>([])
        async let reason = ServiceGroup(services).run(until: signals) { reason in
            stopping.withLock { $0.append(reason) }
        }
        await log.waitForStarts(3)
        signal.yield(15)
        #expect(try await reason == .signal(15))
        #expect(stopping.withLock { $0 } == [.signal(15)], "told once, before any service stops")
        #expect(Array(log.lines.withLock { $0 }.suffix(3)) == ["stop server", "stop dev", "stop persister"])
    }

    @Test func aServiceThatEndsByItselfStopsTheOthers() async throws {
        let log = Log()
        let (signals, _) = AsyncStream<Int32>.makeStream()
        let services = [
            Probe(name: "persister", kind: .untilCancelled, log: log),
            Probe(name: "dev", kind: .endsAtOnce, log: log),
            Probe(name: "server", kind: .untilCancelled, log: log),
        ]
        #expect(try await ServiceGroup(services).run(until: signals) == .ended(service: 1))
        let lines = log.lines.withLock { $0 }
        #expect(lines.contains("end dev"))
        #expect(Array(lines.suffix(2)) == ["stop server", "stop persister"])
    }

    @Test func aServiceThatFailsStopsTheOthersAndItsErrorIsThrownOnceTheyHave() async {
        let log = Log()
        let (signals, _) = AsyncStream<Int32>.makeStream()
        let services = [
            Probe(name: "persister", kind: .untilCancelled, log: log),
            Probe(name: "server", kind: .failsAtOnce, log: log),
        ]
        await #expect(throws: Failure.self) { try await ServiceGroup(services).run(until: signals) }
        #expect(log.lines.withLock { $0 }.last == "stop persister", "stopped before the error was thrown")
    }

    @Test func cancellingTheGroupStopsEveryService() async throws {
        let log = Log()
        let (signals, _) = AsyncStream<Int32>.makeStream()
        let services = ["a", "b"].map { Probe(name: $0, kind: .untilCancelled, log: log) }
        let group = Task { try await ServiceGroup(services).run(until: signals) }
        await log.waitForStarts(2)
        group.cancel()
        #expect(try await group.value == .cancelled)
        #expect(Array(log.lines.withLock { $0 }.suffix(2)) == ["stop b", "stop a"])
    }

    @Test func untilCancelledReturnsOnceTheTaskIsCancelledAndAtOnceWhenItIsAlready() async {
        let (started, start) = AsyncStream<Void>.makeStream()
        let waiting = Task {
            start.yield()
            await Task.untilCancelled()
            return Task.isCancelled
        }
        for await _ in started { break }
        waiting.cancel()
        #expect(await waiting.value)
        let already = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await Task.untilCancelled()
            return true
        }
        #expect(await already.value)
    }

    @Test func untilCancelledAlsoReturnsWhenWhatItStartedEnds() async {
        let ending = Mutex<(@Sendable () -> Void)?>(nil)
        let (started, start) = AsyncStream<Void>.makeStream()
        let waiting = Task {
            await Task.untilCancelled { end in
                ending.withLock { $0 = end }
                start.yield()
            }
            return Task.isCancelled
        }
        for await _ in started { break }
        ending.withLock { $0 }?()
        #expect(await waiting.value == false, "ended, not cancelled")
    }
}
