import ComponentTesting
import Foundation
import HTTPCore
import HTTPTesting
import TestKit
import Testing

@testable import Components
@testable import StateStore

@Suite final class ToggleStateFileTests: Sendable {
    let folder = NSTemporaryDirectory() + "togglestate-\(UUID().uuidString)"
    let known: [String: Set<String>] = ["like": ["p1", "p2", "p3"], "follow": ["ada", "linus"]]

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func file(_ name: String = "state") -> ToggleStateFile {
        ToggleStateFile(path: folder + "/" + name)
    }

    private func write(_ content: String) throws {
        try content.write(toFile: folder + "/state", atomically: false, encoding: .utf8)
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
}
