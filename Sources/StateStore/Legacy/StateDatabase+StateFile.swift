import Basics
import Components
import SQLite

#if canImport(Glibc)
    import Glibc
#endif

extension StateDatabase {
    /// What `--state FILE` opened.
    package struct Opened: Sendable {
        package let database: StateDatabase
        /// Each component's state, as stored.
        package let stored: [String: StoredState]
        /// A line for the log, when the state came from a file of the old text formats.
        package let note: String?
    }

    /// The state database for `--state path`:
    /// - none there: a new database at `path`;
    /// - a SQLite database: that one (refused when it is another application's, or newer);
    /// - a state file of the old text formats (likes only, or sectioned): imported, on the first start,
    ///   into a new database beside it at `path.sqlite3`, which is used from then on; the old file is never
    ///   written to;
    /// - anything else: refused, untouched.
    ///
    /// - Parameter known: The targets that exist, per component, to check an old file against.
    package static func open(stateFile path: String, known: [String: Set<String>]) throws(Failure) -> Opened {
        switch kind(of: path) {
        case .missing, .database:
            let database = try StateDatabase(path: path)
            return Opened(database: database, stored: try database.load(), note: nil)
        case .textStateFile:
            let imported = path + ".sqlite3"
            if kind(of: imported) == .database {
                let database = try StateDatabase(path: imported)
                return Opened(
                    database: database, stored: try database.load(),
                    note: "using \(imported), imported earlier from \(path) (left as it was)")
            }
            let members: [String: [String: Set<Viewer>]]
            do throws(ToggleStateFile.Failure) {
                members = try ToggleStateFile(path: path).load(known: known) ?? [:]
            } catch {
                throw Failure(message: error.message)
            }
            if kind(of: imported) != .missing {
                throw Failure(
                    message: "refusing to start: \(imported) is in the way of importing \(path); move it away "
                        + "(both were left untouched)")
            }
            let database = try StateDatabase(path: imported)
            do throws(SQLiteError) {
                try database.replaceAll(with: members.mapValues(Membership.stored))
            } catch {
                database.close()
                unlink(imported)
                throw Failure(message: "cannot import \(path) into \(imported): \(error.message)")
            }
            let count = members.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count } }
            return Opened(
                database: database, stored: members.mapValues(Membership.stored),
                note: "imported \(count) members from the state file \(path) into \(imported), which is used "
                    + "from now on (\(path) was left as it was)")
        case .other:
            throw Failure(
                message: "refusing to start: \(path) is neither a state database nor a state file of ours; "
                    + "move it away (it was left untouched)")
        }
    }

    enum Kind: Equatable {
        case missing, database, textStateFile, other
    }

    /// What is at `path`, from its first bytes.
    static func kind(of path: String) -> Kind {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return errno == ENOENT ? .missing : .other }
        defer { Glibc.close(fd) }
        var head = [UInt8](repeating: 0, count: 32)
        let count = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 0 else { return .other }
        let text = head[..<count]
        if count == 0 || text.starts(with: Array("SQLite format 3\u{0}".utf8)) { return .database }
        if text.starts(with: Array("self-managed-preview ".utf8)) { return .textStateFile }
        return .other
    }
}
