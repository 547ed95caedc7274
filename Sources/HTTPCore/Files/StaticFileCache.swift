@_spi(Runtime) import Basics

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

    /// The files kept: at most `maximumEntries` of them and `maximumBytes` bytes; a file over a
    /// sixty-fourth of the bytes is read for every request instead.
    private let entries: BoundedCache<String, Entry>

    /// - Parameter caches: Where the files kept are reported, as `name` (a cache of its own otherwise).
    init(
        maximumEntries: Int = 512, maximumBytes: Int = 16 << 20, reportingIn caches: Caches = Caches(), as name: String
    ) {
        entries = caches.cache(name, entries: maximumEntries, bytes: maximumBytes) { $0.bytes.count + 256 }
    }

    /// How many files are held.
    var count: Int {
        entries.statistics.count
    }

    /// The entry for `path` if the file there is still the one that was read (one that is not is dropped).
    /// The file is looked at outside the cache's lock.
    func entry(for path: String) -> Entry? {
        guard let entry = entries.lookUp(path) else { return nil }
        guard FileIdentity.of(path) == entry.identity else {
            entries.remove(path)
            return nil
        }
        return entry
    }

    /// Whether a file like `entry` is kept (it is not too large).
    func keeps(_ entry: Entry) -> Bool {
        entry.bytes.count + 256 <= entries.byteCapacity / 64
    }

    /// Keeps `entry` for `path`, unless the file is too large to keep.
    func store(_ entry: Entry, for path: String) {
        entries.store(entry, for: path)
    }
}
