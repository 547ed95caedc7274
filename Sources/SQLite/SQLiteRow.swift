import CSQLite

/// One row of a query's answer, read while the query runs (do not keep it).
///
/// ```swift
/// try database.rows("SELECT target, viewer FROM members") { row in print(row.text(0), row.text(1)) }
/// ```
package struct SQLiteRow: ~Copyable {
    let statement: OpaquePointer

    /// How many columns the row has.
    package var count: Int {
        Int(sqlite3_column_count(statement))
    }

    /// Column `index` as text (`""` for NULL).
    package func text(_ index: Int) -> String {
        guard let bytes = sqlite3_column_text(statement, Int32(index)) else { return "" }
        let length = Int(sqlite3_column_bytes(statement, Int32(index)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// Calls `body` with column `index`'s text as UTF-8 bytes (empty for NULL), valid only in `body`: for
    /// reading many rows without a string per column.
    package func withText<Result>(
        _ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows
        -> Result
    {
        guard let bytes = sqlite3_column_text(statement, Int32(index)) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        let length = Int(sqlite3_column_bytes(statement, Int32(index)))
        return try body(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Column `index` as an integer (0 for NULL).
    package func integer(_ index: Int) -> Int64 {
        sqlite3_column_int64(statement, Int32(index))
    }

    /// Whether column `index` is NULL.
    package func isNull(_ index: Int) -> Bool {
        sqlite3_column_type(statement, Int32(index)) == SQLITE_NULL
    }
}
