/// What SQLite said when a call failed: its result code and its message, with what was being done.
///
/// ```swift
/// do { try database.execute("INSERT INTO t VALUES (1)") } catch { print(error.message) }
/// // "cannot run INSERT INTO t VALUES (1): attempt to write a readonly database (code 8)"
/// ```
package struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite's (extended) result code.
    package let code: Int32
    /// One readable line.
    package let message: String

    package init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }

    /// The database file is not a database (`SQLITE_NOTADB`), or is damaged (`SQLITE_CORRUPT`).
    package var isNotADatabase: Bool {
        code & 0xFF == 26 || code & 0xFF == 11
    }

    /// The disk is full, read-only, or failed (`SQLITE_FULL`, `SQLITE_READONLY`, `SQLITE_IOERR`,
    /// `SQLITE_CANTOPEN`): worth trying again later.
    package var isTransient: Bool {
        [13, 8, 10, 14, 5, 6].contains(code & 0xFF)  // FULL, READONLY, IOERR, CANTOPEN, BUSY, LOCKED
    }
}
