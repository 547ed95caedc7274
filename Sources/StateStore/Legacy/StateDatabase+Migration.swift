import Components
import SQLite

#if canImport(Glibc)
    import Glibc
#endif

extension StateDatabase {
    /// Brings a database of an earlier schema to this one, in place and in one transaction, so that a
    /// failure or a kill on the way leaves the database as it was, of its old schema and usable by the
    /// server that made it:
    ///
    /// - 0 (a new file): the table `entries`;
    /// - 1 (`toggle_members`) and 2 (`toggle_members` and `comments`, a table per kind): every row moved
    ///   into `entries`, in the encodings the kit's kinds read back (a toggle's member: the viewer, `true`;
    ///   a comment: its id, `{"viewer", "key", "text", "at"}`), and the old tables dropped.
    ///
    /// These are the only lines that name the old tables: the rest of the database knows no kind.
    static func migrate(_ database: SQLiteDatabase, from version: Int64) throws {
        try database.transaction { database in
            try database.execute(createEntries)
            if version >= 1 {
                try database.execute(
                    """
                    INSERT OR REPLACE INTO entries (component, target, key, value)
                    SELECT component, target, viewer, 'true' FROM toggle_members
                    """)
                try database.execute("DROP TABLE toggle_members")
            }
            if version >= 2 {
                try database.execute(
                    """
                    INSERT OR REPLACE INTO entries (component, target, key, value)
                    SELECT component, target, CAST(id AS TEXT),
                           json_object('viewer', viewer, 'key', key, 'text', text, 'at', at)
                    FROM comments
                    """)
                try database.execute("DROP TABLE comments")
            }
            try database.execute("PRAGMA application_id = \(applicationID)")
            try database.execute("PRAGMA user_version = \(schemaVersion)")
            killedHereForTests()
        }
    }

    /// For the test that a kill during a migration leaves the old database intact: with
    /// `PREVIEW_TEST_KILL_IN_MIGRATION=1` in its environment the process kills itself here, with
    /// `SIGKILL`, after every row was moved and before the transaction commits.
    private static func killedHereForTests() {
        guard let flag = getenv("PREVIEW_TEST_KILL_IN_MIGRATION"), String(cString: flag) == "1" else { return }
        kill(getpid(), SIGKILL)
    }
}
