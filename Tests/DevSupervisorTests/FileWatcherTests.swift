import DevSupervisor
import Foundation
import HTTPTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The watcher with inotify and with its polling fallback: edits, new folders, deletions, the manifest.
@Suite(.serialized) struct FileWatcherTests {
    static func makeRoot() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)").path
        for folder in ["Sources/App", "Public", "Tests"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try write("let a = 1\n", to: root + "/Sources/App/main.swift")
        try write("body {}\n", to: root + "/Public/app.css")
        try write("// manifest\n", to: root + "/Package.swift")
        return root
    }

    /// Writes and closes at once (open, write, close), so that the watcher sees each write when it happens.
    static func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// The changes reported until they include `expected` (and what is reported with them), or all that
    /// were reported when they never do.
    static func changes(_ watcher: FileWatcher, reaching expected: Set<String>) async -> Set<String> {
        var found: Set<String> = []
        _ = await eventually {
            found.formUnion(watcher.changes())
            return found.isSuperset(of: expected)
        }
        return found.union(watcher.changes())
    }

    @Test(arguments: [false, true])
    func editsNewFoldersDeletionsAndTheManifestAreSeen(polling: Bool) async throws {
        let root = try Self.makeRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = FileWatcher(root: root, polling: polling)
        #expect(watcher.isPolling == polling)
        #expect(watcher.changes().isEmpty)
        // Not a wait for the watcher: a file's modification time must move on for a scan to see an edit.
        try await Task.sleep(for: .milliseconds(20))

        try Self.write("let a = 2\n", to: root + "/Sources/App/main.swift")
        try Self.write("body { color: red }\n", to: root + "/Public/app.css")
        #expect(
            await Self.changes(watcher, reaching: ["Sources/App/main.swift", "Public/app.css"])
                == ["Sources/App/main.swift", "Public/app.css"])

        // A new folder with a file in it, made at once (before any watch on it could exist).
        try FileManager.default.createDirectory(
            atPath: root + "/Sources/App/Nested/Deeper", withIntermediateDirectories: true)
        try Self.write("struct B {}\n", to: root + "/Sources/App/Nested/Deeper/B.swift")
        #expect(
            await Self.changes(watcher, reaching: ["Sources/App/Nested/Deeper/B.swift"]).contains(
                "Sources/App/Nested/Deeper/B.swift"))
        // Files in the new folder are watched from now on.
        try Self.write("struct B { var x = 1 }\n", to: root + "/Sources/App/Nested/Deeper/B.swift")
        #expect(
            await Self.changes(watcher, reaching: ["Sources/App/Nested/Deeper/B.swift"])
                == ["Sources/App/Nested/Deeper/B.swift"])

        try FileManager.default.removeItem(atPath: root + "/Sources/App/main.swift")
        try Self.write("// manifest 2\n", to: root + "/Package.swift")
        try Self.write("# notes\n", to: root + "/Tests/notes.md")  // not watched
        #expect(
            await Self.changes(watcher, reaching: ["Sources/App/main.swift", "Package.swift"])
                == ["Sources/App/main.swift", "Package.swift"])
    }

    @Test func anEditorsSaveByRenameIsSeen() async throws {
        let root = try Self.makeRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = FileWatcher(root: root)
        // As vim does: write a new file beside it, then rename it over the original.
        try Self.write("let a = 3\n", to: root + "/Sources/App/.main.swift.swp")
        try FileManager.default.removeItem(atPath: root + "/Sources/App/main.swift")
        try FileManager.default.moveItem(
            atPath: root + "/Sources/App/.main.swift.swp", toPath: root + "/Sources/App/main.swift")
        let changes = await Self.changes(watcher, reaching: ["Sources/App/main.swift"])
        #expect(changes.contains("Sources/App/main.swift"))
        #expect(changes.filter { ChangeKind(path: $0) != .ignored } == ["Sources/App/main.swift"])
    }
}
