import Synchronization

/// A SQLite database file: statements run by their SQL text (prepared once), values bound by position,
/// transactions, and errors with SQLite's message. One connection, behind a lock, so any thread may use
/// it; a transaction holds the lock from `BEGIN` to `COMMIT`.
///
/// ```swift
/// let database = try SQLiteDatabase(path: "state.sqlite3")
/// try database.script("CREATE TABLE IF NOT EXISTS members (target TEXT, viewer TEXT)")
/// try database.transaction { database in
///     try database.execute("INSERT INTO members VALUES (?, ?)", ["p1", "v1"])
/// }
/// try database.rows("SELECT target, viewer FROM members") { row in print(row.text(0)) }
/// ```
package final class SQLiteDatabase: Sendable {
    public let path: String
    private let connection: Mutex<SQLiteConnection?>

    /// Opens (or, unless `readOnly`, creates) the database at `path`.
    package init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        self.path = path
        let connection = try SQLiteConnection(path: path, readOnly: readOnly)
        self.connection = Mutex(connection)
    }

    /// Closes the connection; later calls throw.
    package func close() {
        connection.withLock { connection in
            connection?.close()
            connection = nil
        }
    }

    private func using<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try connection.withLock { connection in
            guard let connection else {
                throw SQLiteError(code: 21, message: "the database \(path) is closed")  // SQLITE_MISUSE
            }
            return try body(connection)
        }
    }

    /// Runs one statement with `values` for its `?`s; returns how many rows it changed.
    @discardableResult
    package func execute(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int {
        try using { connection in
            try connection.run(sql, values) { _ in }
            return connection.changes
        }
    }

    /// Runs one query, calling `each` for every row of its answer.
    package func rows(_ sql: String, _ values: [SQLiteValue] = [], _ each: (borrowing SQLiteRow) throws -> Void) throws
    {
        try using { try $0.run(sql, values, each) }
    }

    /// Runs statements without values, separated by `;` (a schema, pragmas).
    package func script(_ sql: String) throws {
        try using { try $0.script(sql) }
    }

    /// The first column of the first row of `sql`'s answer, as an integer (`nil` for no row).
    package func integer(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int64? {
        var found: Int64?
        try rows(sql, values) { row in
            if found == nil { found = row.integer(0) }
        }
        return found
    }

    /// Runs `body` in one transaction (`BEGIN IMMEDIATE`): committed when it returns, rolled back when it
    /// throws. `body` gets a `Transaction` to run statements with; the database is locked meanwhile.
    package func transaction<T>(_ body: (borrowing Transaction) throws -> T) throws -> T {
        try using { connection in
            try connection.script("BEGIN IMMEDIATE")
            do {
                let result = try body(Transaction(connection: connection))
                try connection.script("COMMIT")
                return result
            } catch {
                try? connection.script("ROLLBACK")
                throw error
            }
        }
    }

    /// Statements inside a `transaction`.
    package struct Transaction: ~Copyable {
        let connection: SQLiteConnection

        /// Runs one statement with `values`; returns how many rows it changed.
        @discardableResult
        package func execute(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int {
            try connection.run(sql, values) { _ in }
            return connection.changes
        }

        /// Runs one query, calling `each` for every row.
        package func rows(
            _ sql: String, _ values: [SQLiteValue] = [], _ each: (borrowing SQLiteRow) throws -> Void
        ) throws {
            try connection.run(sql, values, each)
        }
    }
}
