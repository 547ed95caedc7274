#if canImport(Glibc)
    import Glibc
#endif

/// What `stat` says about a file that tells one version of it from another: device, inode, size and
/// modification time. Anything read from a file is current while the file's identity is the same.
///
/// ```swift
/// let read = FileIdentity.of(path)
/// // … later:
/// if FileIdentity.of(path) != read { /* read it again */ }
/// ```
package struct FileIdentity: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int
    let modified: Int

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
    }

    /// The identity of the regular file at `path` (symlinks followed), or `nil`.
    package static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileIdentity(info)
    }
}
