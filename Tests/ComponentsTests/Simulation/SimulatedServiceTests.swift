import Components
import HTTPCore
import TestKit
import Testing

@Suite struct SimulatedServiceTests {
    /// Sends `count` requests one after another and reports which succeeded.
    private func outcomes(
        of service: SimulatedService, count: Int = 50, forced: [Int: ForcedOutcome] = [:]
    ) async -> [Bool] {
        var results: [Bool] = []
        for index in 0..<count {
            do {
                try await service.send(
                    ServiceRequest.like(on: index % 2 == 0, forced: forced[index]))
                results.append(true)
            } catch {
                results.append(false)
            }
        }
        return results
    }

    private func settings(failureRate: Double, seed: UInt64) -> SimulationSettings {
        SimulationSettings(latencyMilliseconds: 0, jitterMilliseconds: 0, failureRate: failureRate, seed: seed)
    }

    @Test func sameSeedGivesTheSameOutcomes() async {
        let first = await outcomes(of: SimulatedService(settings: settings(failureRate: 0.5, seed: 42)))
        let second = await outcomes(of: SimulatedService(settings: settings(failureRate: 0.5, seed: 42)))
        #expect(first == second)
        #expect(first.contains(true))
        #expect(first.contains(false))
    }

    @Test func differentSeedsGiveDifferentOutcomes() async {
        let first = await outcomes(of: SimulatedService(settings: settings(failureRate: 0.5, seed: 1)))
        let second = await outcomes(of: SimulatedService(settings: settings(failureRate: 0.5, seed: 2)))
        #expect(first != second)
    }

    @Test func failureRateZeroNeverFails() async {
        let results = await outcomes(of: SimulatedService(settings: settings(failureRate: 0, seed: 3)), count: 200)
        #expect(results == Array(repeating: true, count: 200))
    }

    @Test func failureRateOneAlwaysFails() async {
        let results = await outcomes(of: SimulatedService(settings: settings(failureRate: 1, seed: 3)), count: 200)
        #expect(results == Array(repeating: false, count: 200))
    }

    @Test func failureIsAServiceError() async {
        let service = SimulatedService(settings: settings(failureRate: 1, seed: 3))
        await #expect(throws: ServiceError.self) {
            try await service.send(ServiceRequest.like(on: true))
        }
    }

    @Test func forcedOutcomesOverrideTheDraw() async {
        let alwaysFailing = SimulatedService(settings: settings(failureRate: 1, seed: 5))
        #expect(await outcomes(of: alwaysFailing, count: 3, forced: [1: .succeed]) == [false, true, false])
        let neverFailing = SimulatedService(settings: settings(failureRate: 0, seed: 5))
        #expect(await outcomes(of: neverFailing, count: 3, forced: [0: .fail, 2: .fail]) == [false, true, false])
    }

    @Test func forcingOneRequestDoesNotShiftTheOthers() async {
        let baseline = await outcomes(of: SimulatedService(settings: settings(failureRate: 0.5, seed: 9)))
        let forced = await outcomes(
            of: SimulatedService(settings: settings(failureRate: 0.5, seed: 9)), forced: [10: .fail, 20: .succeed])
        #expect(forced[10] == false)
        #expect(forced[20] == true)
        for index in baseline.indices where index != 10 && index != 20 {
            #expect(forced[index] == baseline[index], "request \(index)")
        }
    }

    @Test func changingSettingsRestartsTheSequence() async {
        let service = SimulatedService(settings: settings(failureRate: 0.5, seed: 11))
        let first = await outcomes(of: service, count: 20)
        let continued = await outcomes(of: service, count: 20)
        service.settings = settings(failureRate: 0.5, seed: 11)
        let restarted = await outcomes(of: service, count: 20)
        #expect(restarted == first)
        #expect(continued != first)

        service.settings = settings(failureRate: 0.5, seed: 12)
        #expect(service.settings == settings(failureRate: 0.5, seed: 12))
        let reseeded = await outcomes(of: service, count: 20)
        #expect(
            reseeded
                == (await outcomes(of: SimulatedService(settings: settings(failureRate: 0.5, seed: 12)), count: 20))
        )
    }

    @Test func latencyIsWaitedOutOnItsClock() async throws {
        let clock = RecordingClock()
        let service = SimulatedService(
            settings: SimulationSettings(latencyMilliseconds: 50, jitterMilliseconds: 0, failureRate: 0, seed: 1),
            clock: clock)
        try await service.send(ServiceRequest.like(on: true))
        try await service.send(ServiceRequest.like(on: false))
        #expect(clock.sleeps == [.milliseconds(50), .milliseconds(50)])
    }

    @Test func jitterAddsUpToItsBoundAndNoLatencyWaitsNot() async throws {
        let clock = RecordingClock()
        let service = SimulatedService(
            settings: SimulationSettings(latencyMilliseconds: 20, jitterMilliseconds: 10, failureRate: 0, seed: 4),
            clock: clock)
        for _ in 0..<40 { try await service.send(ServiceRequest.like(on: true)) }
        #expect(clock.sleeps.count == 40)
        #expect(clock.sleeps.allSatisfy { $0 >= .milliseconds(20) && $0 <= .milliseconds(30) })
        #expect(Set(clock.sleeps).count > 1, "the jitter varies")
        service.settings = SimulationSettings(latencyMilliseconds: 0, jitterMilliseconds: 0, failureRate: 0, seed: 4)
        try await service.send(ServiceRequest.like(on: true))
        #expect(clock.sleeps.count == 40, "no latency: no wait")
    }

    /// Which of `count` calls made without waiting succeeded (`nil` for one the service would not answer
    /// at once).
    private func outcomesWithoutWaiting(
        of service: SimulatedService, count: Int = 50, forced: [Int: ForcedOutcome] = [:]
    ) -> [Bool?] {
        (0..<count).map { index in
            let request = ServiceRequest.like(on: index % 2 == 0, forced: forced[index])
            return service.sendWithoutWaiting(request).map { (try? $0.get()) != nil }
        }
    }

    @Test func withoutLatencyACallIsAnsweredAtOnceWithTheOutcomeSendWouldDraw() async {
        let awaited = await outcomes(of: SimulatedService(settings: settings(failureRate: 0.5, seed: 42)))
        let atOnce = outcomesWithoutWaiting(of: SimulatedService(settings: settings(failureRate: 0.5, seed: 42)))
        #expect(atOnce == awaited.map(Optional.some), "the same sequence either way")
        let forced = outcomesWithoutWaiting(
            of: SimulatedService(settings: settings(failureRate: 1, seed: 5)), count: 3, forced: [1: .succeed])
        #expect(forced == [false, true, false])
        let comment = ServiceRequest(
            component: "comment", action: "send", target: "p1", viewer: "v", change: "Hi",
            description: .object([("textLength", .int(2))]))
        let failing = SimulatedService(settings: settings(failureRate: 1, seed: 5))
        #expect(throws: ServiceError.self) { try failing.sendWithoutWaiting(comment)?.get() }
    }

    @Test func withLatencyNothingIsAnsweredAtOnceAndNothingIsDrawn() async {
        for latency in [(ms: 5, jitter: 0), (ms: 0, jitter: 5)] {
            let slow = SimulationSettings(
                latencyMilliseconds: latency.ms, jitterMilliseconds: latency.jitter, failureRate: 0.5, seed: 42)
            let service = SimulatedService(settings: slow)
            #expect(outcomesWithoutWaiting(of: service, count: 5) == Array(repeating: nil, count: 5))
            let comment = ServiceRequest(
                component: "comment", action: "send", target: "p1", viewer: "v", change: "Hi",
                description: .object([("textLength", .int(2))]))
            #expect(service.sendWithoutWaiting(comment) == nil)
            // The awaited calls draw from where a new service starts: those not answered drew nothing.
            let expected = await outcomes(of: SimulatedService(settings: slow), count: 8)
            #expect(await outcomes(of: service, count: 8) == expected)
            #expect(expected.contains(true) && expected.contains(false))
        }
    }

    @Test func defaultSettingsAreValid() throws {
        let defaults = SimulationSettings()
        #expect(
            defaults == SimulationSettings(latencyMilliseconds: 300, jitterMilliseconds: 0, failureRate: 0.2, seed: 1))
        #expect(try defaults.validated() == defaults)
        let edges = SimulationSettings(latencyMilliseconds: 60_000, jitterMilliseconds: 60_000, failureRate: 1, seed: 0)
        #expect(try edges.validated() == edges)
    }

    @Test(arguments: [
        (SimulationSettings(latencyMilliseconds: -1), "latency-ms"),
        (SimulationSettings(latencyMilliseconds: 60_001), "latency-ms"),
        (SimulationSettings(jitterMilliseconds: -1), "jitter-ms"),
        (SimulationSettings(jitterMilliseconds: 60_001), "jitter-ms"),
        (SimulationSettings(failureRate: -0.1), "failure-rate"),
        (SimulationSettings(failureRate: 1.5), "failure-rate"),
        (SimulationSettings(failureRate: .nan), "failure-rate"),
        (SimulationSettings(failureRate: .infinity), "failure-rate"),
    ])
    func outOfRangeSettingsNameTheSetting(_ settings: SimulationSettings, _ name: String) {
        #expect {
            try settings.validated()
        } throws: { error in
            (error as? SimulationSettings.SettingsError)?.setting == name
        }
    }
}

extension ServiceRequest {
    /// A like of `p1` by `v`, as a like button's tap asks for it.
    static func like(on: Bool, forced: ForcedOutcome? = nil) -> ServiceRequest {
        ServiceRequest(
            component: "like", action: "tap", target: "p1", viewer: "v", change: on,
            description: .object([("liked", .bool(on))]), forcedOutcome: forced)
    }
}
