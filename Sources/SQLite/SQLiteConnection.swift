import CSQLite

/// An open SQLite connection and its prepared statements, used by one thread at a time: the
/// `SQLiteDatabase` that owns it holds a lock around every use, which is what makes it `Sendable` (it is
/// opened `SQLITE_OPEN_NOMUTEX`, so SQLite adds no lock of its own).
final class SQLiteConnection: @unchecked Sendable {
    let path: String
    private(set) var handle: OpaquePointer?
    /// Statements by their SQL text, prepared once.
    private var statements: [String: OpaquePointer] = [:]

    init(path: String, readOnly: Bool) throws(SQLiteError) {
        self.path = path
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &handle, flags, nil)
        guard result == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw SQLiteError(code: result, message: "cannot open \(path): \(message) (code \(result))")
        }
        sqlite3_extended_result_codes(handle, 1)
        self.handle = handle
    }

    deinit {
        close()
    }

    func close() {
        for statement in statements.values {
            sqlite3_finalize(statement)
        }
        statements = [:]
        if let handle {
            sqlite3_close_v2(handle)
        }
        handle = nil
    }

    func error(_ result: Int32, doing what: String) -> SQLiteError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "the database is closed"
        return SQLiteError(code: result, message: "cannot \(what): \(message) (code \(result))")
    }

    /// The prepared statement for `sql`, reset, with `values` bound to its `?`s in order.
    func statement(_ sql: String, _ values: [SQLiteValue]) throws(SQLiteError) -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database \(path) is closed") }
        let statement: OpaquePointer
        if let prepared = statements[sql] {
            statement = prepared
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        } else {
            var prepared: OpaquePointer?
            let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
            guard result == SQLITE_OK, let prepared else { throw error(result, doing: "prepare \(sql)") }
            statements[sql] = prepared
            statement = prepared
        }
        guard Int(sqlite3_bind_parameter_count(statement)) == values.count else {
            throw SQLiteError(
                code: SQLITE_RANGE,
                message:
                    "cannot run \(sql): it takes \(sqlite3_bind_parameter_count(statement)) values, not \(values.count)"
            )
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let result: Int32
            switch value {
            case .null: result = sqlite3_bind_null(statement, index)
            case .integer(let integer): result = sqlite3_bind_int64(statement, index, integer)
            case .text(let text): result = sqlite3_bind_text(statement, index, text, -1, shim_sqlite_transient())
            }
            guard result == SQLITE_OK else { throw error(result, doing: "bind value \(index) of \(sql)") }
        }
        return statement
    }

    /// Runs `sql` with `values`, calling `each` for every row of its answer.
    func run(_ sql: String, _ values: [SQLiteValue], _ each: (borrowing SQLiteRow) throws -> Void) throws {
        let statement = try statement(sql, values)
        defer { sqlite3_reset(statement) }
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { return }
            guard result == SQLITE_ROW else { throw error(result, doing: "run \(sql)") }
            try each(SQLiteRow(statement: statement))
        }
    }

    /// Runs statements without values, separated by `;` (a schema, pragmas).
    func script(_ sql: String) throws(SQLiteError) {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database \(path) is closed") }
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard result == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(result))
            throw SQLiteError(code: result, message: "cannot run \(sql): \(text) (code \(result))")
        }
    }

    /// How many rows the last statement changed.
    var changes: Int {
        handle.map { Int(sqlite3_changes64($0)) } ?? 0
    }
}
