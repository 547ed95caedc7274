import Foundation
import Testing

@testable import PreviewApp

/// The file helpers the review reads the folders with.
@Suite struct SnapshotFilesTests {
    /// A component's folder is listed once: every name in it, folders included, without `.` and `..`; a
    /// folder that is not there lists nothing.
    @Test func aFolderIsListedByName() throws {
        let root = NSTemporaryDirectory() + "snapshot-files-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/inner", withIntermediateDirectories: true)
        #expect(SnapshotFiles.write([1, 2, 3], to: root + "/a.shown.phone-light.png"))
        #expect(SnapshotFiles.write([4], to: root + "/a.shown.phone-light.diff.png"))
        #expect(SnapshotFiles.names(in: root) == ["a.shown.phone-light.png", "a.shown.phone-light.diff.png", "inner"])
        SnapshotFiles.remove(root + "/a.shown.phone-light.diff.png")
        #expect(SnapshotFiles.names(in: root) == ["a.shown.phone-light.png", "inner"])
        #expect(SnapshotFiles.names(in: root + "/missing").isEmpty)
    }
}
