import Basics
import SQLite
import Synchronization

/// Every stateful component's committed state in one SQLite database (`--state FILE`), in WAL mode:
///
/// ```sql
/// CREATE TABLE toggle_members (      -- who has a toggle on: who likes a post, who follows a user
///     component TEXT NOT NULL,       -- the component's catalogue name: like, follow, yours
///     target    TEXT NOT NULL,       -- what it is on for: p1, ada
///     viewer    TEXT NOT NULL,       -- who: v and 16 hexadecimal digits, as the viewer cookie
///     PRIMARY KEY (component, target, viewer)
/// ) WITHOUT ROWID;
///
/// CREATE TABLE comments (            -- the comments viewers sent (the base data's are not stored)
///     component TEXT NOT NULL,       -- the component's catalogue name: comment
///     id        INTEGER NOT NULL,    -- unique per component, in the order they committed
///     target    TEXT NOT NULL,       -- the thread: p1
///     viewer    TEXT NOT NULL,       -- the author, as the viewer cookie
///     key       TEXT NOT NULL,       -- the idempotency key that sent it
///     text      TEXT NOT NULL,
///     at        INTEGER NOT NULL,    -- milliseconds since 1970
///     PRIMARY KEY (component, id)
/// ) WITHOUT ROWID;
/// ```
///
/// `PRAGMA application_id` says the file is ours and `PRAGMA user_version` which schema it has (2; a
/// database of schema 1, which had no comments, gains the table when opened); a
/// database of another application, or of a newer schema, is refused and left untouched. A write is the
/// changes since the last one (`StateChanges`), in one transaction.
public final class StateDatabase: Sendable {
    /// 'SMPV': a self-managed preview state database.
    static let applicationID: Int64 = 0x534D_5056
    static let schemaVersion: Int64 = 2

    /// Why a state database was refused.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public let path: String
    let database: SQLiteDatabase
    /// For tests: when set, writes fail with this error before they reach the database, as a full or
    /// read-only disk would.
    private let injectedFailure = Mutex<SQLiteError?>(nil)

    /// Opens the database at `path`, creating it (with its schema) when there is none.
    public init(path: String) throws(Failure) {
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
            try database.transaction { database in
                try database.execute(
                    """
                    CREATE TABLE IF NOT EXISTS toggle_members (
                        component TEXT NOT NULL, target TEXT NOT NULL, viewer TEXT NOT NULL,
                        PRIMARY KEY (component, target, viewer)
                    ) WITHOUT ROWID
                    """)
                try database.execute(
                    """
                    CREATE TABLE IF NOT EXISTS comments (
                        component TEXT NOT NULL, id INTEGER NOT NULL, target TEXT NOT NULL, viewer TEXT NOT NULL,
                        key TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL,
                        PRIMARY KEY (component, id)
                    ) WITHOUT ROWID
                    """)
                try database.execute("PRAGMA application_id = \(applicationID)")
                try database.execute("PRAGMA user_version = \(schemaVersion)")
            }
        }
    }

    /// Every component's state, as stored; a viewer that is not one is skipped.
    public func load() throws(Failure) -> [String: StoredState] {
        var loaded: [String: StoredState] = [:]
        do {
            try database.rows("SELECT component, target, viewer FROM toggle_members") { row in
                guard let viewer = Viewer(id: row.text(2)) else { return }
                loaded[row.text(0), default: StoredState()].members[row.text(1), default: []].insert(viewer)
            }
            try database.rows(
                "SELECT component, id, target, viewer, key, text, at FROM comments ORDER BY component, id"
            ) { row in
                guard let viewer = Viewer(id: row.text(3)) else { return }
                let comment = Comment(
                    id: Int(row.integer(1)), author: viewer, text: row.text(5),
                    at: Timestamp(millisecondsSince1970: Int(row.integer(6))))
                loaded[row.text(0), default: StoredState()].comments[row.text(2), default: []].append(
                    StoredComment(comment: comment, key: row.text(4)))
            }
        } catch {
            throw Failure(message: "cannot read the state database \(path): \(error)")
        }
        return loaded
    }

    /// Writes each component's changes, in one transaction: a reset empties its rows first.
    func write(_ changes: [String: StateChanges]) throws(SQLiteError) {
        if let failure = injectedFailure.withLock({ $0 }) { throw failure }
        do {
            try database.transaction { database in
                for (component, changes) in changes where !changes.isEmpty {
                    if changes.reset {
                        try database.execute("DELETE FROM toggle_members WHERE component = ?", [.text(component)])
                        try database.execute("DELETE FROM comments WHERE component = ?", [.text(component)])
                    }
                    for (target, comments) in changes.comments {
                        for stored in comments {
                            try database.execute(
                                """
                                INSERT OR REPLACE INTO comments (component, id, target, viewer, key, text, at)
                                VALUES (?, ?, ?, ?, ?, ?, ?)
                                """,
                                [
                                    .text(component), .integer(Int64(stored.comment.id)), .text(target),
                                    .text(stored.comment.author.id), .text(stored.key), .text(stored.comment.text),
                                    .integer(Int64(stored.comment.at.millisecondsSince1970)),
                                ])
                        }
                    }
                    // In key order: neighbouring rows share pages, so fewer pages are written.
                    let members = changes.members.map {
                        (target: $0.key.target, viewer: $0.key.viewer.id, on: $0.value)
                    }
                    .sorted { ($0.target, $0.viewer) < ($1.target, $1.viewer) }
                    for (target, viewer, isMember) in members {
                        let values: [SQLiteValue] = [.text(component), .text(target), .text(viewer)]
                        if isMember {
                            try database.execute(
                                "INSERT OR IGNORE INTO toggle_members (component, target, viewer) VALUES (?, ?, ?)",
                                values)
                        } else {
                            try database.execute(
                                "DELETE FROM toggle_members WHERE component = ? AND target = ? AND viewer = ?", values)
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

    /// Replaces everything with `members` (an imported state file), in one transaction.
    func replaceAll(with members: [String: [String: MemberSet]]) throws(SQLiteError) {
        var changes: [String: StateChanges] = [:]
        for (component, targets) in members {
            var change = StateChanges(reset: true)
            for (target, viewers) in targets {
                for viewer in viewers.all {
                    change.record(true, target: target, viewer: viewer)
                }
            }
            changes[component] = change
        }
        try write(changes)
    }

    /// For tests: makes every write fail, as a full disk would (`SQLITE_FULL`, with `message`), until it is
    /// `nil` again.
    public func injectWriteFailure(_ message: String?) {
        injectedFailure.withLock { failure in
            failure = message.map { SQLiteError(code: 13, message: "cannot write \(path): \($0) (code 13)") }
        }
    }

    public func close() {
        database.close()
    }
}
