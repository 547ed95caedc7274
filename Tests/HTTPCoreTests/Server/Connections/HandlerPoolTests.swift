import HTTPCore
import HTTPTesting
import Testing

@Suite struct HandlerPoolTests {
    @Test func tasksThatPreferThePoolRunOnItsThreadsAcrossAwaits() async throws {
        let pool = HandlerPool(threads: 3, name: "tpool")
        let names = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<60 {
                group.addTask(executorPreference: pool) {
                    let before = currentThreadName()
                    // Work that suspends and resumes: not a wait of the test's.
                    try await Task.sleep(for: .milliseconds(5))
                    return [before, currentThreadName()]
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.formUnion($1) }
        }
        #expect(names.isSubset(of: ["tpool-0", "tpool-1", "tpool-2"]), "\(names)")
        try await offThePool { pool.stop() }
    }

    @Test func startsItsThreadsAndStopJoinsThem() async throws {
        let pool = HandlerPool(threads: 2, name: "tjoin")
        #expect(processThreadNames().filter { $0.hasPrefix("tjoin-") }.sorted() == ["tjoin-0", "tjoin-1"])
        try await offThePool { pool.stop() }
        #expect(processThreadNames().filter { $0.hasPrefix("tjoin-") }.isEmpty)
        try await offThePool { pool.stop() }  // a second stop does nothing
    }

    @Test func jobsQueuedBeforeStopAndArrivingAfterItAllRun() async throws {
        let pool = HandlerPool(threads: 1, name: "tlate")
        let early = (0..<20).map { index in
            Task(executorPreference: pool) { index }
        }
        try await offThePool { pool.stop() }
        let late = await Task(executorPreference: pool) { currentThreadName() }.value
        var finished: [Int] = []
        for task in early { finished.append(await task.value) }
        #expect(finished == Array(0..<20))
        #expect(!late.hasPrefix("tlate-"), "after stop, work goes to the global pool")
    }
}
