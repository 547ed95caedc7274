import Basics

#if canImport(Glibc)
    import Glibc
#endif

/// The files `preview snapshots` reads and writes: baselines under `Snapshots/`, the current pictures and
/// their diffs under `.build/snapshots/`, each in a folder per component.
enum SnapshotFiles {
    /// A file's bytes, or `nil` when there is none (or it cannot be read).
    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        guard readAll(fd, appendingTo: &bytes) == .endOfFile else { return nil }
        return bytes
    }

    /// Writes `bytes` to `path` (its folders made first), through a file beside it that is renamed into
    /// place, so that a baseline is never left half written.
    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        guard makeFolders(upTo: path) else { return false }
        let partial = path + ".partial"
        let fd = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        let written = bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        close(fd)
        guard written, rename(partial, path) == 0 else {
            unlink(partial)
            return false
        }
        return true
    }

    /// Whether a file is there.
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The names of the entries in `folder` (none when it is not there or cannot be read).
    static func names(in folder: String) -> Set<String> {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names = Set<String>()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.insert(name) }
        }
        return names
    }

    /// Removes the file, if it is there.
    static func remove(_ path: String) {
        unlink(path)
    }

    /// Whether files can be made in `folder`, or in the nearest folder above it that exists (where it
    /// would be made): `nil` when they can, else why not.
    static func problemWriting(in folder: String) -> String? {
        var probe = folder
        while !probe.isEmpty {
            var info = stat()
            if stat(probe, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else { return "\(probe) is not a folder" }
                return access(probe, W_OK | X_OK) == 0 ? nil : "\(probe) cannot be written"
            }
            guard let slash = probe.lastIndex(of: "/") else { probe = "."; continue }
            probe = slash == probe.startIndex ? "/" : String(probe[..<slash])
        }
        return nil
    }

    /// Makes the folders above `path` that are missing.
    private static func makeFolders(upTo path: String) -> Bool {
        var folder = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (index, part) in parts.enumerated() {
            folder += index == 0 ? String(part) : "/" + part
            guard !folder.isEmpty, folder != "." else { continue }
            if mkdir(folder, 0o755) != 0 && errno != EEXIST { return false }
        }
        return true
    }
}
