#if canImport(Glibc)
    import Glibc
#endif

/// Tells which files changed under a package root: with inotify where it is available (every folder under
/// `Sources/` and `Public/`, new folders as they appear, and the root itself for `Package.swift`), else
/// by comparing the files' modification times on each call.
///
/// ```swift
/// let watcher = FileWatcher(root: "/work/app")
/// poll([pollfd(fd: watcher.descriptor ?? -1, …)], …)
/// for path in watcher.changes() { … }   // "Sources/Components/LikeButton/LikeButton.swift"
/// ```
///
/// - Important: Not thread-safe; the supervisor's loop is its only user.
package final class FileWatcher {
    package let root: String
    /// The folders watched with everything in them, relative to `root`.
    package let folders: [String]
    /// inotify's descriptor, readable when changes are waiting; `nil` when the watcher polls.
    package private(set) var descriptor: Int32?
    /// Watched folders by watch descriptor, relative to `root` ("" is the root).
    private var watched: [Int32: String] = [:]
    /// The files and their stamps at the last call, when polling.
    private var snapshot: [String: FileStamp] = [:]

    /// What tells a file's versions apart, when polling.
    struct FileStamp: Equatable {
        var modified: Int
        var size: Int
        var inode: UInt
    }

    /// Starts watching. `polling` forces the fallback (for tests, and where inotify runs out of watches).
    package init(root: String, folders: [String] = ["Sources", "Public"], polling: Bool = false) {
        self.root = root
        self.folders = folders
        if !polling {
            let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            if descriptor >= 0 {
                self.descriptor = descriptor
                if addWatch("") {
                    for folder in folders { _ = watchTree(folder) }
                    return
                }
                close(descriptor)
                self.descriptor = nil
            }
        }
        snapshot = scan()
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// Whether the watcher polls (no inotify).
    package var isPolling: Bool { descriptor == nil }

    /// The paths (relative to `root`) that changed since the last call: created, written, moved or
    /// deleted. Unfiltered: see `ChangeKind`.
    package func changes() -> [String] {
        guard let descriptor else {
            let current = scan()
            var changed: [String] = []
            for (path, stamp) in current where snapshot[path] != stamp { changed.append(path) }
            for path in snapshot.keys where current[path] == nil { changed.append(path) }
            snapshot = current
            return changed.sorted()
        }
        var changed: [String] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let (watch, mask, nameLength) = buffer.withUnsafeBytes { raw in
                    (
                        raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + nameLength)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += 16 + nameLength
                if mask & UInt32(IN_IGNORED) != 0 {
                    watched[watch] = nil
                    continue
                }
                guard let folder = watched[watch], !name.isEmpty else { continue }
                let path = folder.isEmpty ? name : folder + "/" + name
                if folder.isEmpty && !folders.contains(name) && name != "Package.swift" { continue }
                let isFolder = mask & UInt32(IN_ISDIR) != 0
                if isFolder && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    // A new folder: watch it, and count what it already holds as changed (it may have been
                    // filled before the watch was in place).
                    changed += watchTree(path)
                } else if !isFolder {
                    changed.append(path)
                }
            }
        }
        return changed
    }

    private func addWatch(_ folder: String) -> Bool {
        guard let descriptor else { return false }
        let mask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE
        let watch = inotify_add_watch(descriptor, folder.isEmpty ? root : root + "/" + folder, UInt32(mask))
        guard watch >= 0 else { return false }
        watched[watch] = folder
        return true
    }

    /// Watches `folder` and every folder below it (but hidden ones); returns the files found.
    private func watchTree(_ folder: String) -> [String] {
        guard addWatch(folder) else { return [] }
        var files: [String] = []
        for entry in Self.entries(of: root + "/" + folder) where !entry.name.hasPrefix(".") {
            let path = folder + "/" + entry.name
            if entry.isFolder {
                files += watchTree(path)
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// Every file under the watched folders, and `Package.swift`, with its stamp.
    private func scan() -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        func visit(_ path: String) {
            guard let stamp = Self.stamp(root + "/" + path) else { return }
            if stamp.isFolder {
                for entry in Self.entries(of: root + "/" + path) where !entry.name.hasPrefix(".") {
                    visit(path + "/" + entry.name)
                }
            } else {
                stamps[path] = stamp.stamp
            }
        }
        for folder in folders { visit(folder) }
        visit("Package.swift")
        return stamps
    }

    private static func stamp(_ path: String) -> (stamp: FileStamp, isFolder: Bool)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        return (
            FileStamp(modified: modified, size: Int(info.st_size), inode: UInt(info.st_ino)),
            (info.st_mode & S_IFMT) == S_IFDIR
        )
    }

    /// The names in a folder, and whether each is a folder.
    static func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                isFolder = stamp(folder + "/" + name)?.isFolder ?? false
            }
            entries.append((name, isFolder))
        }
        return entries
    }
}
