import ComponentTesting
import Foundation
import HTTPTesting
import SQLite
import TestKit
import Testing

@testable import Components
@testable import StateStore

/// The persister writes the changes after commits, off the request path: taps never wait for the disk,
/// and a write that fails loses nothing.
@Suite final class StatePersisterTests: Sendable {
    let folder = NSTemporaryDirectory() + "persister-\(UUID().uuidString)"

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func tap(_ store: ToggleStore, _ target: String, _ viewer: Viewer, on: Bool = true) {
        let key = ToggleStore.Key(viewer: viewer, target: target)
        _ = store.begin(key, on: on)
        _ = store.finish(key, on: on, succeeded: true)
    }

    @Test func everyStoresChangesAreWrittenAfterCommits() async throws {
        let database = try StateDatabase(path: folder + "/state")
        let likes = ToggleStore(baseCounts: ["p1": 5, "p2": 0])
        let follows = ToggleStore(baseCounts: ["ada": 1])
        let persister = StatePersister(database: database, states: ["like": likes, "follow": follows])
        tap(likes, "p1", "vsave")
        tap(likes, "p2", "vsave")
        tap(follows, "ada", "vsave")
        tap(likes, "p2", "vsave", on: false)
        try await offThePool { persister.flush() }
        #expect(persister.lastError == nil)
        #expect(try database.load().members == ["like": ["p1": ["vsave"]], "follow": ["ada": ["vsave"]]])
        likes.reset()
        try await offThePool { persister.flush() }
        #expect(try database.load().members == ["follow": ["ada": ["vsave"]]])
    }

    @Test func asAServiceItWritesWhatIsLeftWhenStoppedAndClosesTheDatabaseToOneFile() async throws {
        let path = folder + "/state"
        let likes = ToggleStore(baseCounts: ["p1": 5])
        let persister = StatePersister(
            database: try StateDatabase(path: path), states: ["like": likes], interval: .seconds(3600))
        let running = Task { await persister.run() }
        tap(likes, "p1", "vlast")  // written at once or at the stop, whichever comes first
        running.cancel()
        await running.value
        #expect(persister.lastError == nil)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder) == ["state"],
            "no write-ahead log left beside it")
        #expect(try StateDatabase(path: path).load().members == ["like": ["p1": ["vlast"]]])
        tap(likes, "p1", "vlater")
        persister.flush()  // closed: nothing more is written, and nothing fails
        #expect(persister.lastError == nil)
    }

    @Test func theChangesAreTakenAndPutBackInOrder() {
        let likes = ToggleStore(baseCounts: ["p1": 0])
        tap(likes, "p1", "vbefore")
        #expect(likes.takeChanges().isEmpty, "nothing is recorded before anything takes the changes")
        tap(likes, "p1", "va")
        let taken = likes.takeChanges()
        #expect(taken.members == [.init(target: "p1", viewer: "va"): true])
        #expect(likes.takeChanges().isEmpty, "taken once")
        tap(likes, "p1", "va", on: false)  // a newer change wins over what is put back
        likes.putBack(taken)
        #expect(likes.takeChanges().members == [.init(target: "p1", viewer: "va"): false])
        likes.reset()
        likes.putBack(taken)  // a reset since drops what came before it
        #expect(likes.takeChanges() == StateChanges(reset: true))
    }

    @Test func aFailedWriteLosesNothingAndTheNextWriteCatchesUp() async throws {
        let database = try StateDatabase(path: folder + "/state")
        let likes = ToggleStore(baseCounts: ["p1": 0, "p2": 0])
        let persister = StatePersister(database: database, states: ["like": likes], interval: .milliseconds(50))
        database.injectWriteFailure("disk full")
        tap(likes, "p1", "va")
        try await offThePool { persister.flush() }
        #expect(persister.lastError?.contains("disk full") == true)
        #expect(likes.committed("p1", viewer: "va") == .init(isOn: true, count: 1), "the state in memory is kept")
        #expect(try database.load().isEmpty)

        database.injectWriteFailure(nil)
        tap(likes, "p2", "vb")
        // The persister tries again by itself: no flush.
        #expect(try await eventually { try database.load().members == ["like": ["p1": ["va"], "p2": ["vb"]]] })
        #expect(persister.lastError == nil)
    }

    @Test func tapsGoOnWhileAWriteWaitsForTheDisk() async throws {
        let path = folder + "/state"
        let database = try StateDatabase(path: path)
        let likes = ToggleStore(baseCounts: ["p1": 0])
        let persister = StatePersister(database: database, states: ["like": likes], interval: .zero)
        // Another connection holds the database's write lock: the persister's write waits for it.
        let other = try SQLiteDatabase(path: path)
        try other.script("BEGIN IMMEDIATE")
        tap(likes, "p1", Viewer(bits: 1))  // schedules the write, which waits
        #expect(await eventually { persister.writesStarted >= 1 }, "a write is under way")
        let tapped = try await withDeadline(.seconds(10)) {
            try await offThePool {
                for bits in 2...1_001 as ClosedRange<UInt64> {
                    self.tap(likes, "p1", Viewer(bits: bits))
                }
                return likes.committed("p1", viewer: Viewer(bits: 1_001))
            }
        }
        #expect(tapped == ToggleState(isOn: true, count: 1_001), "taps waited for the write")
        try other.script("COMMIT")
        other.close()
        try await offThePool { persister.flush() }
        #expect(persister.lastError == nil, "\(persister.lastError ?? "")")
        #expect(try database.load().members["like"]?["p1"]?.count == 1_001)
    }
}
