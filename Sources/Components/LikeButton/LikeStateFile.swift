#if canImport(Glibc)
    import Glibc
#endif

/// Committed likes kept in a file across restarts (`--state FILE`).
///
/// The file is text: a header line, one `post<TAB>viewer` line per like (sorted, so the same state gives
/// the same bytes), and an end line with the line count and an FNV-1a checksum of everything before it.
/// It is replaced atomically (temporary file, `fsync`, `rename`, `fsync` of the folder), so a crash at any
/// moment leaves either the old file or the new one, whole. A file that is not ours, or is damaged, is
/// refused and never overwritten.
public struct LikeStateFile: Sendable {
    static let header = "self-managed-preview like-state 1"

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Why a state file was refused.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The likers per post in the file, or `nil` when there is no file yet.
    ///
    /// - Parameter knownPosts: Posts that exist; a like of any other post means the file is not ours.
    public func load(knownPosts: Set<String>) throws(Failure) -> [String: Set<String>]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw Failure(message: "cannot read the state file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw Failure(message: "cannot read the state file \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            if bytes.count > 64 * 1024 * 1024 {
                throw Failure(message: "the state file \(path) is too large to be ours; refusing to use it")
            }
        }
        do {
            return try Self.decode(bytes, knownPosts: knownPosts)
        } catch {
            throw Failure(
                message: "refusing to start: \(path) \(error.message); move it away or fix it (it was left untouched)")
        }
    }

    /// Replaces the file with `likers`, atomically.
    public func write(_ likers: [String: Set<String>]) throws(Failure) {
        let bytes = Self.encode(likers)
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw Failure(message: "cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                close(fd)
                unlink(temporary)
                throw Failure(message: "cannot write \(temporary): \(String(cString: strerror(errno)))")
            }
            offset += count
        }
        guard fsync(fd) == 0, close(fd) == 0 else {
            unlink(temporary)
            throw Failure(message: "cannot flush \(temporary): \(String(cString: strerror(errno)))")
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw Failure(message: "cannot replace \(path): \(String(cString: strerror(errno)))")
        }
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let folderDescriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    static func encode(_ likers: [String: Set<String>]) -> [UInt8] {
        var lines = [header]
        for post in likers.keys.sorted() {
            for viewer in likers[post]!.sorted() {
                lines.append("\(post)\t\(viewer)")
            }
        }
        var bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let checksum = fnv1a(bytes)
        bytes += Array("end \(lines.count - 1) \(String(checksum, radix: 16))\n".utf8)
        return bytes
    }

    static func decode(_ bytes: [UInt8], knownPosts: Set<String>) throws(Failure) -> [String: Set<String>] {
        guard bytes.starts(with: Array((header + "\n").utf8)) else {
            throw Failure(message: "is not a like-state file of this server (unexpected first line)")
        }
        guard bytes.last == UInt8(ascii: "\n"),
            let endStart = bytes.dropLast().lastIndex(of: UInt8(ascii: "\n")).map({ $0 + 1 })
        else {
            throw Failure(message: "is damaged (it does not end with an end line)")
        }
        let body = Array(bytes[..<endStart])
        let endLine = String(decoding: bytes[endStart..<(bytes.count - 1)], as: UTF8.self)
        let parts = endLine.split(separator: " ")
        guard parts.count == 3, parts[0] == "end", let count = Int(parts[1]), let checksum = UInt64(parts[2], radix: 16)
        else {
            throw Failure(message: "is damaged (its end line is missing or malformed)")
        }
        guard fnv1a(body) == checksum else {
            throw Failure(message: "is damaged (its checksum does not match)")
        }
        var likers: [String: Set<String>] = [:]
        let lines = body.split(separator: UInt8(ascii: "\n")).dropFirst()
        guard lines.count == count else {
            throw Failure(message: "is damaged (it announces \(count) likes but holds \(lines.count))")
        }
        for line in lines {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard fields.count == 2 else {
                throw Failure(message: "is damaged (a line is not post<TAB>viewer)")
            }
            let post = String(decoding: fields[0], as: UTF8.self)
            let viewer = String(decoding: fields[1], as: UTF8.self)
            guard knownPosts.contains(post) else {
                throw Failure(message: "is not for this data: it likes post \(post), which does not exist")
            }
            guard Viewer.isValid(viewer) else {
                throw Failure(message: "is damaged (invalid viewer id)")
            }
            likers[post, default: []].insert(viewer)
        }
        return likers
    }

    /// 64-bit FNV-1a.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
