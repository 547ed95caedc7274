import ComponentTesting
import Foundation
import HTTPCore
import HTTPTesting
import Testing

@testable import Components

@Suite struct ToggleStateFileTests {
    let folder = NSTemporaryDirectory() + "togglestate-\(UUID().uuidString)"
    let known: [String: Set<String>] = ["like": ["p1", "p2", "p3"], "follow": ["ada", "linus"]]

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private func file(_ name: String = "state") -> ToggleStateFile {
        ToggleStateFile(path: folder + "/" + name)
    }

    private func write(_ content: String) throws {
        try content.write(toFile: folder + "/state", atomically: true, encoding: .utf8)
    }

    @Test func missingFileIsNoState() throws {
        #expect(try file().load(known: known) == nil)
    }

    @Test func writeThenLoadRoundTrips() throws {
        try file().write([
            "like": ["p1": ["va", "vb"], "p3": ["vc"], "p2": []],
            "follow": ["ada": ["va"]],
        ])
        let loaded = try #require(try file().load(known: known))
        #expect(loaded["like"]?["p1"] == ["va", "vb"])
        #expect(loaded["like"]?["p3"] == ["vc"])
        #expect(loaded["like"]?["p2"] == nil)
        #expect(loaded["follow"] == ["ada": ["va"]])
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names == ["state"], "no temporary file is left behind")
    }

    @Test func sameStateGivesSameBytes() throws {
        try file("a").write(["like": ["p1": ["vb", "va"], "p2": ["vz"]], "follow": ["ada": ["vz"]]])
        try file("b").write(["follow": ["ada": ["vz"]], "like": ["p2": ["vz"], "p1": ["va", "vb"]]])
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/a"))
                == Data(contentsOf: URL(fileURLWithPath: folder + "/b")))
    }

    /// A viewer minted for a cookie is the same viewer after a trip through the request and the file.
    @Test func aMintedViewerRoundTripsThroughTheCookieAndTheFile() throws {
        let minted = Viewer.random()
        let request = HTTPRequest(method: .get, path: "/", headers: ["Cookie": "viewer=\(minted.id)"])
        #expect(request.viewer == minted)
        try file().write(["like": ["p1": [request.viewer]]])
        let text = try String(contentsOfFile: folder + "/state", encoding: .utf8)
        #expect(text.contains("like\tp1\t\(minted.id)\n"))
        #expect(try file().load(known: known)?["like"]?["p1"] == [minted])
    }

    /// A file written before follows existed: likes only, `post<TAB>viewer` lines.
    @Test func aLikesOnlyFileOfTheFirstFormatStillLoads() throws {
        let body = "self-managed-preview like-state 1\np1\tva\np1\tvb\np3\tvc\n"
        var checksum: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body.utf8 {
            checksum ^= UInt64(byte)
            checksum &*= 0x0000_0100_0000_01B3
        }
        try write(body + "end 3 \(String(checksum, radix: 16))\n")
        let loaded = try #require(try file().load(known: known))
        #expect(loaded == ["like": ["p1": ["va", "vb"], "p3": ["vc"]]])
    }

    @Test(arguments: [
        ("hello world\n", "is not a state file"),
        ("", "is not a state file"),
        ("self-managed-preview like-state 1\np1\tva\n", "is damaged"),
        ("self-managed-preview like-state 1\np1\tva\nend 1 0\n", "checksum"),
        ("self-managed-preview state 2\nlike\tp1\tva\nend 1 0\n", "checksum"),
    ])
    func foreignOrDamagedFilesAreRefusedAndLeftAlone(content: String, message: String) throws {
        try write(content)
        let error = #expect(throws: ToggleStateFile.Failure.self) { try file().load(known: known) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("refusing to start") == true)
        #expect(try String(contentsOfFile: folder + "/state", encoding: .utf8) == content)
    }

    @Test func truncatedFilesAreRefused() throws {
        try file().write(["like": ["p1": ["va", "vb", "vc"]]])
        let path = folder + "/state"
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        for length in [10, whole.count / 2, whole.count - 1] {
            try whole.prefix(length).write(to: URL(fileURLWithPath: path))
            #expect(throws: ToggleStateFile.Failure.self) { try file().load(known: known) }
        }
        var flipped = whole
        flipped[40] ^= 0x01
        try flipped.write(to: URL(fileURLWithPath: path))
        #expect(throws: ToggleStateFile.Failure.self) { try file().load(known: known) }
    }

    @Test func unknownTargetsMeanTheFileIsNotOurs() throws {
        try file().write(["like": ["p9": ["va"]]])
        let error = #expect(throws: ToggleStateFile.Failure.self) { try file().load(known: known) }
        #expect(error?.message.contains("p9") == true)
        try file().write(["follow": ["p1": ["va"]]])
        let follow = #expect(throws: ToggleStateFile.Failure.self) { try file().load(known: known) }
        #expect(follow?.message.contains("p1") == true, "a post is not a user")
    }

    @Test func unknownSectionsMeanTheFileIsNotOurs() throws {
        try file().write(["bookmark": ["p1": ["va"]]])
        let error = #expect(throws: ToggleStateFile.Failure.self) { try file().load(known: known) }
        #expect(error?.message.contains("bookmark") == true)
    }

    @Test func persisterWritesEveryStoreAfterCommits() async throws {
        let likes = ToggleStore(baseCounts: ["p1": 5])
        let follows = ToggleStore(baseCounts: ["ada": 1])
        let persister = ToggleStatePersister(file: file(), states: ["like": likes, "follow": follows])
        for (store, target) in [(likes, "p1"), (follows, "ada")] {
            let key = ToggleStore.Key(viewer: "vsave", target: target)
            _ = store.begin(key, on: true)
            _ = store.finish(key, on: true, succeeded: true)
        }
        try await offThePool { persister.flush() }
        let loaded = try file().load(known: known)
        #expect(loaded?["like"]?["p1"] == ["vsave"])
        #expect(loaded?["follow"]?["ada"] == ["vsave"])
        let restored = ToggleStore(baseCounts: ["p1": 5], members: loaded?["like"] ?? [:])
        #expect(restored.committed("p1", viewer: "vsave") == .init(isOn: true, count: 6))
    }
}

/// The writer holds no store lock while it writes: taps go on while the file is stuck.
@Suite struct ToggleStatePersisterTests {
    @Test func tapsGoOnWhileTheFileIsBeingWritten() async throws {
        let folder = NSTemporaryDirectory() + "stuck-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The writer's temporary file is a FIFO: opening it to write blocks until someone reads it, so the
        // write stops half-way, after it took the members.
        let temporary = folder + "/state.tmp-\(getpid())"
        #expect(mkfifo(temporary, 0o644) == 0)
        let likes = ToggleStore(baseCounts: ["p1": 0])
        let persister = ToggleStatePersister(
            file: ToggleStateFile(path: folder + "/state"), states: ["like": likes], interval: .zero)
        let first = ToggleStore.Key(viewer: Viewer(bits: 1), target: "p1")
        _ = likes.begin(first, on: true)
        _ = likes.finish(first, on: true, succeeded: true)  // schedules the write, which gets stuck
        try await Task.sleep(for: .milliseconds(200))

        let tapped = try await withDeadline(.seconds(10)) {
            try await offThePool {
                for bits in 2...1_001 as ClosedRange<UInt64> {
                    let key = ToggleStore.Key(viewer: Viewer(bits: bits), target: "p1")
                    _ = likes.begin(key, on: true)
                    _ = likes.finish(key, on: true, succeeded: true)
                }
                return likes.committed("p1", viewer: Viewer(bits: 1_001))
            }
        }
        #expect(tapped == ToggleState(isOn: true, count: 1_001), "taps waited for the stuck write")

        // Let the write finish: what it wrote is the state it took, and it loads.
        let written = try await offThePool { () -> [UInt8] in
            let descriptor = open(temporary, O_RDONLY)
            defer { close(descriptor) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while case let count = chunk.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }),
                count > 0
            {
                bytes += chunk[..<count]
            }
            return bytes
        }
        #expect(String(decoding: written, as: UTF8.self).contains("like\tp1\tv0000000000000001\n"))
        try await offThePool { persister.flush() }
        #expect(persister.lastError == nil)
    }
}
