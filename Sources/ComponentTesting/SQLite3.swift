import Foundation

/// What SQLite's own command line (`/usr/bin/sqlite3`, Debian's `sqlite3`) prints for `sql` against the
/// database at `path`, its errors included: how a test reads a `--state` database from outside, as a
/// user would.
///
/// ```swift
/// #expect(try sqlite3(path, "PRAGMA integrity_check") == "ok\n")
/// ```
public func sqlite3(_ path: String, _ sql: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [path, sql]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}
