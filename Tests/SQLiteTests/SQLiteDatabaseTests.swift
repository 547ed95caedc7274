import Foundation
import SQLite
import Testing

/// The SQLite layer: statements with bound values, queries, transactions that commit or roll back, errors
/// that say what SQLite said, and a file the `sqlite3` command line reads.
@Suite final class SQLiteDatabaseTests: Sendable {
    /// This test's folder, removed with the suite instance that runs it.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A new file's path, in a folder of its own inside this test's.
    private func temporaryPath(_ name: String = "test.sqlite3") throws -> String {
        let own = folder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        return own.appendingPathComponent(name).path
    }

    private func members(_ database: SQLiteDatabase) throws -> [String] {
        var found: [String] = []
        try database.rows("SELECT target, viewer FROM members ORDER BY target, viewer") { row in
            found.append(row.text(0) + " " + row.text(1))
        }
        return found
    }

    private func database() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: temporaryPath())
        try database.script(
            "CREATE TABLE members (target TEXT NOT NULL, viewer TEXT NOT NULL, PRIMARY KEY (target, viewer))")
        return database
    }

    @Test func valuesAreBoundAndReadBack() throws {
        let database = try database()
        #expect(try database.execute("INSERT INTO members VALUES (?, ?)", ["p1", "v1"]) == 1)
        // A value is a value, never SQL: quotes and NULs of the text stay in it.
        try database.execute("INSERT INTO members VALUES (?, ?)", ["p'2", "v\"; DROP TABLE members; --"])
        #expect(try members(database) == ["p'2 v\"; DROP TABLE members; --", "p1 v1"])
        #expect(try database.integer("SELECT count(*) FROM members") == 2)
        #expect(try database.integer("SELECT count(*) FROM members WHERE target = ?", ["nope"]) == 0)
        #expect(try database.integer("SELECT viewer FROM members WHERE target = ?", ["none"]) == nil)
        var nulls: [Bool] = []
        try database.rows("SELECT NULL, 1") { row in nulls = [row.isNull(0), row.isNull(1)] }
        #expect(nulls == [true, false])
    }

    @Test func aTransactionCommitsWhenItReturnsAndRollsBackWhenItThrows() throws {
        struct Stop: Error {}
        let database = try database()
        try database.transaction { transaction in
            try transaction.execute("INSERT INTO members VALUES (?, ?)", ["p1", "v1"])
            try transaction.execute("INSERT INTO members VALUES (?, ?)", ["p1", "v2"])
        }
        #expect(throws: Stop.self) {
            try database.transaction { transaction in
                try transaction.execute("DELETE FROM members")
                throw Stop()
            }
        }
        #expect(try members(database) == ["p1 v1", "p1 v2"], "the failed transaction changed nothing")
        // A statement that fails inside a transaction rolls it back whole.
        #expect(throws: SQLiteError.self) {
            try database.transaction { transaction in
                try transaction.execute("INSERT INTO members VALUES (?, ?)", ["p2", "v1"])
                try transaction.execute("INSERT INTO members VALUES (?, ?)", ["p1", "v1"])  // the primary key again
            }
        }
        #expect(try members(database) == ["p1 v1", "p1 v2"])
    }

    @Test func errorsSayWhatSQLiteSaid() throws {
        let database = try database()
        let syntax = #expect(throws: SQLiteError.self) { try database.execute("SELEKT 1") }
        #expect(syntax?.message.contains("syntax error") == true, "\(String(describing: syntax))")
        let count = #expect(throws: SQLiteError.self) {
            try database.execute("INSERT INTO members VALUES (?, ?)", ["p1"])
        }
        #expect(count?.message.contains("takes 2 values, not 1") == true)
        database.close()
        let closed = #expect(throws: SQLiteError.self) { try database.execute("SELECT 1") }
        #expect(closed?.message.contains("is closed") == true)
    }

    @Test func aFileThatIsNotADatabaseIsSaidToBeOne() throws {
        let path = try temporaryPath("text.txt")
        try "self-managed-preview state 2\n".write(toFile: path, atomically: false, encoding: .utf8)
        let database = try SQLiteDatabase(path: path)
        let error = #expect(throws: SQLiteError.self) { try database.integer("PRAGMA user_version") }
        #expect(error?.isNotADatabase == true, "\(String(describing: error))")
    }

    @Test func aReadOnlyDatabaseRefusesWritesAsTransient() throws {
        let path = try temporaryPath()
        let writer = try SQLiteDatabase(path: path)
        try writer.script("CREATE TABLE t (x INTEGER)")
        writer.close()
        let reader = try SQLiteDatabase(path: path, readOnly: true)
        #expect(try reader.integer("SELECT count(*) FROM t") == 0)
        let error = #expect(throws: SQLiteError.self) { try reader.execute("INSERT INTO t VALUES (1)") }
        #expect(error?.isTransient == true, "\(String(describing: error))")
        #expect(throws: SQLiteError.self) { try SQLiteDatabase(path: path + ".missing", readOnly: true) }
    }

    @Test func theSQLiteCommandLineReadsWhatWasWritten() throws {
        let database = try database()
        try database.script("PRAGMA journal_mode = WAL")
        try database.execute("INSERT INTO members VALUES (?, ?)", ["p1", "v1"])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database.path, "SELECT target || ' ' || viewer FROM members"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(text == "p1 v1\n")
    }
}
