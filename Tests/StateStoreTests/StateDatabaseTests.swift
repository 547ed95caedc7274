import ComponentTesting
import Foundation
import SQLite
import TestKit
import Testing

@testable import Components
@testable import StateStore

/// Old state files' bytes, as the servers before the database wrote them: the checksum is FNV-1a of
/// everything before the end line.
func oldStateFile(_ body: String, lines: Int) -> String {
    var checksum: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in body.utf8 {
        checksum ^= UInt64(byte)
        checksum &*= 0x0000_0100_0000_01B3
    }
    return body + "end \(lines) \(String(checksum, radix: 16))\n"
}

/// The state database: its schema, the changes written, what it refuses, and the old files it imports.
@Suite final class StateDatabaseTests: Sendable {
    let folder = NSTemporaryDirectory() + "statedb-\(UUID().uuidString)"
    let known: [String: Set<String>] = ["like": ["p1", "p2", "p3"], "follow": ["ada", "linus"]]

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private var path: String { folder + "/state" }

    @Test func aNewDatabaseHasTheDocumentedSchemaInWALMode() throws {
        let opened = try StateDatabase.open(stateFile: path, known: known)
        #expect(opened.stored.isEmpty && opened.note == nil)
        #expect(try sqlite3(path, "PRAGMA journal_mode") == "wal\n")
        #expect(try sqlite3(path, "PRAGMA user_version") == "3\n")
        #expect(try sqlite3(path, "PRAGMA application_id") == "\(0x534D_5056)\n")
        #expect(try sqlite3(path, "SELECT name FROM sqlite_schema WHERE type = 'table'") == "entries\n")
        #expect(
            try sqlite3(path, "SELECT name FROM pragma_table_info('entries') ORDER BY cid")
                == "component\ntarget\nkey\nvalue\n")
    }

    /// A schema-1 database, as the servers before comments made it.
    private func schemaOne(_ path: String) throws {
        _ = try sqlite3(
            path,
            """
            CREATE TABLE toggle_members (component TEXT NOT NULL, target TEXT NOT NULL, viewer TEXT NOT NULL,
                PRIMARY KEY (component, target, viewer)) WITHOUT ROWID;
            INSERT INTO toggle_members VALUES ('like', 'p1', 'va');
            PRAGMA application_id = \(0x534D_5056); PRAGMA user_version = 1;
            """)
    }

    @Test func aSchemaOneDatabaseIsMigratedWithItsMembers() throws {
        try schemaOne(path)
        let opened = try StateDatabase.open(stateFile: path, known: known)
        #expect(opened.stored.members == ["like": ["p1": ["va"]]])
        #expect(try sqlite3(path, "PRAGMA user_version") == "3\n")
        #expect(try sqlite3(path, "SELECT name FROM sqlite_schema WHERE type = 'table'") == "entries\n")
        var comments = StateChanges()
        let comment = Comment(
            id: 7, author: "va", text: "Line one\nand <two> & 'three'", at: .init(millisecondsSince1970: 5))
        comments.record(StoredComment(comment: comment, key: "key-0001"), target: "p1")
        try opened.database.write(["comment": comments])
        #expect(
            try opened.database.load()["comment"]?.comments == [
                "p1": [StoredComment(comment: comment, key: "key-0001")]
            ])
        // Readable from outside, with SQLite's own JSON functions.
        #expect(
            try sqlite3(path, "SELECT json_extract(value, '$.text') FROM entries WHERE component = 'comment'")
                == "Line one\nand <two> & 'three'\n")
        var reset = StateChanges(reset: true)
        reset.record(true, target: "p2", viewer: "vb")
        try opened.database.write(["comment": reset])
        #expect(
            try opened.database.load()["comment"]?.comments.isEmpty != false, "a reset empties the component's comments"
        )
    }

    @Test func aSchemaTwoDatabaseIsMigratedInPlaceWithEveryMemberAndComment() throws {
        _ = try sqlite3(path, LegacyStateDatabase.schemaTwo)
        let opened = try StateDatabase.open(stateFile: path, known: known)
        #expect(try sqlite3(path, "PRAGMA user_version") == "3\n")
        #expect(try sqlite3(path, "SELECT name FROM sqlite_schema WHERE type = 'table'") == "entries\n")
        #expect(
            opened.stored.members == [
                "like": ["p1": ["v00000000000000a1", "v00000000000000b2"], "p2": ["v00000000000000a1"]],
                "follow": ["ada": ["v00000000000000b2"]],
            ])
        let a1 = Viewer(id: "v00000000000000a1")!
        let b2 = Viewer(id: "v00000000000000b2")!
        #expect(
            opened.stored["comment"]?.comments == [
                "p1": [
                    StoredComment(
                        comment: Comment(
                            id: 41, author: a1, text: #"First <b>&</b> "quoted""#,
                            at: .init(millisecondsSince1970: 1000)),
                        key: "key-one-1"),
                    StoredComment(
                        comment: Comment(
                            id: 42, author: b2, text: "Second\non two lines", at: .init(millisecondsSince1970: 2000)),
                        key: "key-two-2"),
                ],
                "p2": [
                    StoredComment(
                        comment: Comment(id: 43, author: a1, text: "Third", at: .init(millisecondsSince1970: 3000)),
                        key: "key-three")
                ],
            ])
        // Opened again, nothing moves twice.
        opened.database.close()
        let again = try StateDatabase.open(stateFile: path, known: known)
        #expect(again.stored == opened.stored)
    }

    @Test func changesAreWrittenAsInsertsAndDeletesAndLoadBack() throws {
        let database = try StateDatabase(path: path)
        var likes = StateChanges()
        likes.record(true, target: "p1", viewer: "va")
        likes.record(true, target: "p1", viewer: "vb")
        var follows = StateChanges()
        follows.record(true, target: "ada", viewer: "va")
        try database.write(["like": likes, "follow": follows])
        var unlike = StateChanges()
        unlike.record(false, target: "p1", viewer: "va")
        unlike.record(true, target: "p2", viewer: "vc")
        try database.write(["like": unlike])
        #expect(try database.load().members == ["like": ["p1": ["vb"], "p2": ["vc"]], "follow": ["ada": ["va"]]])
        // Seen from outside, while it is open: a user reads it with the tools they have.
        #expect(
            try sqlite3(path, "SELECT component, target, key, value FROM entries ORDER BY 1, 2")
                == "follow|ada|\(Viewer(id: "va")!.id)|true\nlike|p1|\(Viewer(id: "vb")!.id)|true\n"
                + "like|p2|\(Viewer(id: "vc")!.id)|true\n"
        )
        // A reset empties one component, in the same transaction as what follows it.
        var reset = StateChanges(reset: true)
        reset.record(true, target: "p3", viewer: "vd")
        try database.write(["like": reset])
        #expect(try database.load().members == ["like": ["p3": ["vd"]], "follow": ["ada": ["va"]]])
    }

    @Test func rowsWrittenByHandLoadPerComponentAndTarget() throws {
        _ = try StateDatabase(path: path)
        // Inserted out of order, by another tool: a rating, a like, a comment, a value that is not JSON.
        _ = try sqlite3(
            path,
            """
            INSERT INTO entries VALUES ('rating', 'p2', 'vb', '"5"'), ('like', 'p1', 'vb', 'true'),
                ('rating', 'p1', 'va', '"4"'), ('like', 'p1', 'va', 'true'), ('rating', 'p2', 'va', 'oops'),
                ('like', 'p2', 'vc', 'false')
            """)
        let loaded = try StateDatabase(path: path).load()
        #expect(Set(loaded.keys) == ["like", "rating"])
        #expect(loaded["like"]?.entries == ["p1": ["va": .bool(true), "vb": .bool(true)], "p2": ["vc": .bool(false)]])
        #expect(loaded["rating"]?.entries == ["p1": ["va": .string("4")], "p2": ["vb": .string("5")]])
        #expect(loaded["rating"]?.count == 3)  // the unreadable entry is kept for the model to skip
        #expect(loaded.members == ["like": ["p1": ["va", "vb"]]])
    }

    @Test func anotherApplicationsDatabaseAndANewerSchemaAreRefusedUntouched() throws {
        let other = try SQLiteDatabase(path: path)
        try other.script("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')")
        other.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let foreign = #expect(throws: StateDatabase.Failure.self) {
            try StateDatabase.open(stateFile: path, known: known)
        }
        #expect(foreign?.message.contains("another application") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

        let newer = folder + "/newer"
        _ = try StateDatabase(path: newer)
        _ = try sqlite3(newer, "PRAGMA user_version = 4")
        let refused = #expect(throws: StateDatabase.Failure.self) {
            try StateDatabase.open(stateFile: newer, known: known)
        }
        #expect(refused?.message.contains("has state schema 4, newer than this server's 3") == true)
        #expect(try sqlite3(newer, "PRAGMA user_version") == "4\n")
    }

    @Test(
        arguments: [
            (
                oldStateFile("self-managed-preview like-state 1\np1\tva\np3\tvb\n", lines: 2),
                ["like": ["p1": ["va"], "p3": ["vb"]]]
            ),
            (
                oldStateFile("self-managed-preview state 2\nfollow\tada\tva\nlike\tp2\tvb\n", lines: 2),
                ["follow": ["ada": ["va"]], "like": ["p2": ["vb"]]]
            ),
        ] as [(String, [String: [String: Set<Viewer>]])])
    func anOldStateFileIsImportedBesideItAndNeverWritten(_ file: (String, [String: [String: Set<Viewer>]])) throws {
        try file.0.write(toFile: path, atomically: false, encoding: .utf8)
        let first = try StateDatabase.open(stateFile: path, known: known)
        #expect(first.database.path == path + ".sqlite3")
        #expect(first.stored.members == file.1)
        #expect(first.note?.hasPrefix("imported 2 members from the state file \(path) into \(path).sqlite3") == true)
        #expect(try first.database.load().members == file.1)
        first.database.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == file.0, "the old file was written to")

        // The next start uses the database, not the old file again.
        var later = StateChanges()
        later.record(true, target: "p1", viewer: "vz")
        let database = try StateDatabase(path: path + ".sqlite3")
        try database.write(["like": later])
        let second = try StateDatabase.open(stateFile: path, known: known)
        #expect(second.note?.hasPrefix("using \(path).sqlite3") == true)
        #expect(second.stored.members["like"]?["p1"]?.contains("vz") == true)
    }

    @Test(arguments: [
        "self-managed-preview like-state 1\np1\tva\nend 1 0\n",  // a damaged old file
        "not ours at all\n",
    ])
    func aDamagedOldFileOrAnythingElseIsRefusedUntouched(_ content: String) throws {
        try content.write(toFile: path, atomically: false, encoding: .utf8)
        let error = #expect(throws: StateDatabase.Failure.self) {
            try StateDatabase.open(stateFile: path, known: known)
        }
        #expect(error?.message.hasPrefix("refusing to start: \(path)") == true, "\(String(describing: error))")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == content)
        #expect(!FileManager.default.fileExists(atPath: path + ".sqlite3"), "nothing was made beside it")
    }

    @Test func anInjectedWriteFailureIsThrownAndLiftedAgain() throws {
        let database = try StateDatabase(path: path)
        database.injectWriteFailure("disk full")
        var change = StateChanges()
        change.record(true, target: "p1", viewer: "va")
        let error = #expect(throws: SQLiteError.self) { try database.write(["like": change]) }
        #expect(error?.isTransient == true)
        database.injectWriteFailure(nil)
        try database.write(["like": change])
        #expect(try database.load().members == ["like": ["p1": ["va"]]])
    }
}
