import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The files `StaticFiles` has read, kept in memory and checked with one `stat` per request.
///
/// Resolving a path (`realpath`, one `lstat` per component) and reading the file cost more than serving
/// it; the folder rarely changes while the server runs, but it may (someone edits `app.css`). So an
/// entry is used only while `stat` of the requested path still names the same file (device and inode)
/// with the same size and modification time; anything else, a retargeted symlink included, goes
/// through the full checks again.
final class StaticFileCache: Sendable {
    /// A file as served: its bytes, validator and type, and the identity it had when read.
    struct Entry: Sendable {
        let identity: FileIdentity
        let bytes: [UInt8]
        let etag: String
        let contentType: String
    }

    /// Files larger than this are read for every request instead.
    let maximumFileBytes: Int
    /// Beyond this many entries the cache starts over (a public folder has a few dozen files).
    let maximumEntries: Int
    private let entries = Mutex<[String: Entry]>([:])

    init(maximumFileBytes: Int = 1 << 20, maximumEntries: Int = 512) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumEntries = maximumEntries
    }

    /// How many files are held.
    var count: Int {
        entries.withLock { $0.count }
    }

    /// The entry for `path` if the file there is still the one that was read.
    func entry(for path: String) -> Entry? {
        guard let entry = entries.withLock({ $0[path] }) else { return nil }
        guard FileIdentity.of(path) == entry.identity else {
            entries.withLock { _ = $0.removeValue(forKey: path) }
            return nil
        }
        return entry
    }

    /// Whether a file like `entry` is kept (it is not too large).
    func keeps(_ entry: Entry) -> Bool {
        entry.bytes.count <= maximumFileBytes
    }

    /// Keeps `entry` for `path`, unless the file is too large to keep.
    func store(_ entry: Entry, for path: String) {
        guard keeps(entry) else { return }
        entries.withLock { entries in
            if entries.count >= maximumEntries && entries[path] == nil {
                entries.removeAll(keepingCapacity: true)
            }
            entries[path] = entry
        }
    }
}
