/// State databases as earlier servers made them, for the tests that open them with this one.
public enum LegacyStateDatabase {
    /// The SQL that makes a schema-2 database as the server before the one table wrote it (a table per
    /// kind): likes of `p1` and `p2` and a follow of `ada` by `v00000000000000a1` and `v00000000000000b2`,
    /// and three comments with their idempotency keys, `key-one-1` among them, on `p1` and `p2`.
    public static let schemaTwo = """
        CREATE TABLE toggle_members (component TEXT NOT NULL, target TEXT NOT NULL, viewer TEXT NOT NULL,
            PRIMARY KEY (component, target, viewer)) WITHOUT ROWID;
        CREATE TABLE comments (component TEXT NOT NULL, id INTEGER NOT NULL, target TEXT NOT NULL,
            viewer TEXT NOT NULL, key TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL,
            PRIMARY KEY (component, id)) WITHOUT ROWID;
        INSERT INTO toggle_members VALUES ('like', 'p1', 'v00000000000000a1'), ('like', 'p2', 'v00000000000000a1'),
            ('like', 'p1', 'v00000000000000b2'), ('follow', 'ada', 'v00000000000000b2');
        INSERT INTO comments VALUES
            ('comment', 41, 'p1', 'v00000000000000a1', 'key-one-1', 'First <b>&</b> "quoted"', 1000),
            ('comment', 42, 'p1', 'v00000000000000b2', 'key-two-2', 'Second
        on two lines', 2000),
            ('comment', 43, 'p2', 'v00000000000000a1', 'key-three', 'Third', 3000);
        PRAGMA application_id = 1397575766; PRAGMA user_version = 2; PRAGMA journal_mode = WAL;
        """
}
