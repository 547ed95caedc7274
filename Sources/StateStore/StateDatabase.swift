import Basics
import Components
import HTTPCore
import SQLite
import Synchronization

/// Every stateful component's committed state in one SQLite database (`--state FILE`), in WAL mode, in
/// one table whatever the components' kinds:
///
/// ```sql
/// CREATE TABLE entries (             -- what each component's model keeps, entry by entry
///     component TEXT NOT NULL,       -- the component's catalogue name: like, comment, rating, yours
///     target    TEXT NOT NULL,       -- what it keeps state of: p1, ada
///     key       TEXT NOT NULL,       -- an entry of the target, in the model's words: a viewer, a comment's id
///     value     TEXT NOT NULL,       -- the entry as JSON, in the model's own encoding: true, 4, {"text": …}
///     PRIMARY KEY (component, target, key)
/// ) WITHOUT ROWID;
/// ```
///
/// Read with `sqlite3`: `SELECT key, json_extract(value, '$.text') FROM entries WHERE component = 'comment'`.
///
/// `PRAGMA application_id` says the file is ours and `PRAGMA user_version` which schema it has (3). A
/// database of an earlier schema (1 or 2, with a table per kind) is migrated in place when opened, in one
/// transaction (`StateDatabase+Migration`); a database of another application, or of a newer schema, is
/// refused and left untouched. A write is the changes since the last one (`StateChanges`), in one
/// transaction.
package final class StateDatabase: Sendable {
    /// 'SMPV': a self-managed preview state database.
    static let applicationID: Int64 = 0x534D_5056
    static let schemaVersion: Int64 = 3

    /// Why a state database was refused.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    public let path: String
    let database: SQLiteDatabase
    /// For tests: when set, writes fail with this error before they reach the database, as a full or
    /// read-only disk would.
    private let injectedFailure = Mutex<SQLiteError?>(nil)

    /// Opens the database at `path`, creating it (with its schema) when there is none.
    package init(path: String) throws(Failure) {
        self.path = path
        do {
            database = try SQLiteDatabase(path: path)
            try Self.prepare(database, path: path)
        } catch let error as Failure {
            throw error
        } catch let error as SQLiteError {
            if error.isNotADatabase {
                throw Failure(
                    message: "\(path) is not a state database of ours (\(error.message)); it was left untouched")
            }
            throw Failure(message: "cannot use the state database \(path): \(error.message)")
        } catch {
            throw Failure(message: "cannot use the state database \(path): \(error)")
        }
    }

    private static func prepare(_ database: SQLiteDatabase, path: String) throws {
        // Before the first read: another server may still be writing its last changes (a restart, a swap).
        try database.script("PRAGMA busy_timeout = 5000")
        let application = try database.integer("PRAGMA application_id") ?? 0
        let version = try database.integer("PRAGMA user_version") ?? 0
        let tables = try database.integer("SELECT count(*) FROM sqlite_schema") ?? 0
        if application != applicationID && (application != 0 || tables > 0) {
            throw Failure(message: "\(path) is a SQLite database of another application; it was left untouched")
        }
        if version > schemaVersion {
            throw Failure(
                message: "\(path) has state schema \(version), newer than this server's \(schemaVersion); "
                    + "it was left untouched (use a newer server)")
        }
        try database.script("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        if version < schemaVersion {
            try migrate(database, from: tables > 0 ? version : 0)
        }
    }

    /// The one table, as schema 3 has it.
    static let createEntries = """
        CREATE TABLE IF NOT EXISTS entries (
            component TEXT NOT NULL, target TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
            PRIMARY KEY (component, target, key)
        ) WITHOUT ROWID
        """

    /// Every component's state, as stored (each model reads its entries' values; one that is not JSON is
    /// skipped then). In the table's order, so that a component's rows come together and a target's too:
    /// a row costs no string of its own.
    package func load() throws(Failure) -> [String: StoredState] {
        var loaded: [String: StoredState] = [:]
        var component = ""
        var current = StoredState()
        do {
            try database.rows("SELECT component, target, key, value FROM entries ORDER BY component, target, key") {
                row in
                let same = row.withText(0) { $0.elementsEqual(component.utf8) }
                if !same {
                    if !current.isEmpty { loaded[component] = current }
                    component = row.text(0)
                    current = loaded.removeValue(forKey: component) ?? StoredState()
                }
                row.withText(1) { target in
                    row.withText(2) { key in
                        row.withText(3) { value in current.append(target: target, key: key, value: value) }
                    }
                }
            }
        } catch {
            throw Failure(message: "cannot read the state database \(path): \(error)")
        }
        if !current.isEmpty { loaded[component] = current }
        return loaded
    }

    /// Writes each component's changes, in one transaction: a reset empties its rows first.
    func write(_ changes: [String: StateChanges]) throws(SQLiteError) {
        if let failure = injectedFailure.withLock({ $0 }) { throw failure }
        do {
            try database.transaction { database in
                for (component, changes) in changes where !changes.isEmpty {
                    if changes.reset {
                        try database.execute("DELETE FROM entries WHERE component = ?", [.text(component)])
                    }
                    // In key order: neighbouring rows share pages, so fewer pages are written. Each key is made
                    // text once, before the sort.
                    let rows = changes.entries.map { (target: $0.key.target, key: $0.key.key, value: $0.value) }
                        .sorted { ($0.target, $0.key) < ($1.target, $1.key) }
                    for (target, key, value) in rows {
                        if let value {
                            try database.execute(
                                """
                                INSERT INTO entries (component, target, key, value) VALUES (?, ?, ?, ?)
                                ON CONFLICT DO UPDATE SET value = excluded.value WHERE value != excluded.value
                                """,
                                [
                                    .text(component), .text(target), .text(key),
                                    .text(String(decoding: value.encoded(), as: UTF8.self)),
                                ])
                        } else {
                            try database.execute(
                                "DELETE FROM entries WHERE component = ? AND target = ? AND key = ?",
                                [.text(component), .text(target), .text(key)])
                        }
                    }
                }
            }
        } catch let error as SQLiteError {
            throw error
        } catch {
            throw SQLiteError(code: 1, message: "cannot write the state database \(path): \(error)")
        }
    }

    /// Replaces everything with `stored` (an imported state file), in one transaction.
    func replaceAll(with stored: [String: StoredState]) throws(SQLiteError) {
        try write(stored.mapValues(\.asChanges))
    }

    /// For tests: makes every write fail, as a full disk would (`SQLITE_FULL`, with `message`), until it is
    /// `nil` again.
    package func injectWriteFailure(_ message: String?) {
        injectedFailure.withLock { failure in
            failure = message.map { SQLiteError(code: 13, message: "cannot write \(path): \($0) (code 13)") }
        }
    }

    package func close() {
        database.close()
    }
}
