import Components
import Foundation
import Testing

@Suite struct LikeStateFileTests {
    let folder = NSTemporaryDirectory() + "likestate-\(UUID().uuidString)"
    let known: Set<String> = ["p1", "p2", "p3"]

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private func file(_ name: String = "state") -> LikeStateFile {
        LikeStateFile(path: folder + "/" + name)
    }

    @Test func missingFileIsNoState() throws {
        #expect(try file().load(knownPosts: known) == nil)
    }

    @Test func writeThenLoadRoundTrips() throws {
        let likers: [String: Set<String>] = ["p1": ["va", "vb"], "p3": ["vc"], "p2": []]
        try file().write(likers)
        let loaded = try #require(try file().load(knownPosts: known))
        #expect(loaded["p1"] == ["va", "vb"])
        #expect(loaded["p3"] == ["vc"])
        #expect(loaded["p2"] == nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names == ["state"], "no temporary file is left behind")
    }

    @Test func sameStateGivesSameBytes() throws {
        try file("a").write(["p1": ["vb", "va"], "p2": ["vz"]])
        try file("b").write(["p2": ["vz"], "p1": ["va", "vb"]])
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/a"))
                == Data(contentsOf: URL(fileURLWithPath: folder + "/b")))
    }

    @Test(arguments: [
        ("hello world\n", "is not a like-state file"),
        ("", "is not a like-state file"),
        ("self-managed-preview like-state 1\np1\tva\n", "is damaged"),
        ("self-managed-preview like-state 1\np1\tva\nend 1 0\n", "checksum"),
    ])
    func foreignOrDamagedFilesAreRefusedAndLeftAlone(content: String, message: String) throws {
        let path = folder + "/state"
        try content.write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: LikeStateFile.Failure.self) { try file().load(knownPosts: known) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("refusing to start") == true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == content)
    }

    @Test func truncatedFilesAreRefused() throws {
        try file().write(["p1": ["va", "vb", "vc"]])
        let path = folder + "/state"
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        for length in [10, whole.count / 2, whole.count - 1] {
            try whole.prefix(length).write(to: URL(fileURLWithPath: path))
            #expect(throws: LikeStateFile.Failure.self) { try file().load(knownPosts: known) }
        }
        var flipped = whole
        flipped[40] ^= 0x01
        try flipped.write(to: URL(fileURLWithPath: path))
        #expect(throws: LikeStateFile.Failure.self) { try file().load(knownPosts: known) }
    }

    @Test func likesOfUnknownPostsMeanTheFileIsNotOurs() throws {
        try file().write(["p9": ["va"]])
        let error = #expect(throws: LikeStateFile.Failure.self) { try file().load(knownPosts: known) }
        #expect(error?.message.contains("p9") == true)
    }

    @Test func persisterWritesAfterCommits() async throws {
        let likes = LikeStore(baseCounts: ["p1": 5])
        let persister = LikeStatePersister(file: file(), likes: likes)
        likes.observeCommits { [weak persister] in persister?.commitHappened() }
        let key = LikeStore.Key(viewer: "vsave", post: "p1")
        _ = likes.begin(key, liked: true)
        _ = likes.finish(key, liked: true, succeeded: true)
        persister.flush()
        var loaded = try file().load(knownPosts: ["p1"])
        for _ in 0..<100 where loaded?["p1"] != ["vsave"] {
            try await Task.sleep(for: .milliseconds(10))
            loaded = try file().load(knownPosts: ["p1"])
        }
        #expect(loaded?["p1"] == ["vsave"])
        let restored = LikeStore(baseCounts: ["p1": 5], likers: loaded ?? [:])
        #expect(restored.committed(post: "p1", viewer: "vsave") == .init(liked: true, count: 6))
    }
}
