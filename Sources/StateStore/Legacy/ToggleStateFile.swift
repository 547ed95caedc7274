@_spi(Runtime) import Basics
import Components

#if canImport(Glibc)
    import Glibc
#endif

/// The text state file that `--state FILE` was before the state database (`StateDatabase`): read once, to
/// import it into a database beside it; the server never writes one any more (`write` makes one for tests
/// of the importer, and for anyone who needs the old format).
///
/// The file is text: a header line, one `section<TAB>target<TAB>viewer` line per member (`like\tp1\tv…`;
/// sorted, so the same state gives the same bytes), and an end line with the line count and an FNV-1a
/// checksum of everything before it. A file of the first format (header `…like-state 1`, lines
/// `post<TAB>viewer`) still loads, as the `like` section.
/// `write` replaces a file atomically (temporary file, `fsync`, `rename`, `fsync` of the folder). A file
/// that is not ours, or is damaged, is refused.
package struct ToggleStateFile: Sendable {
    static let header = "self-managed-preview state 2"
    /// The first format, which held likes only.
    static let likesOnlyHeader = "self-managed-preview like-state 1"
    /// The section a file of the first format loads into.
    package static let likesOnlySection = "like"

    public let path: String

    package init(path: String) {
        self.path = path
    }

    /// Why a state file was refused.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    /// The members per target of each section in the file, or `nil` when there is no file yet.
    ///
    /// - Parameter known: The targets that exist, per section; any other section or target means the file
    ///   is not ours.
    package func load(known: [String: Set<String>]) throws(Failure) -> [String: [String: Set<Viewer>]]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw Failure(message: "cannot read the state file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        switch readAll(fd, appendingTo: &bytes, limit: 64 * 1024 * 1024) {
        case .endOfFile, .wouldBlock:
            break
        case .tooLarge:
            throw Failure(message: "the state file \(path) is too large to be ours; refusing to use it")
        case .failed(let error):
            throw Failure(message: "cannot read the state file \(path): \(String(cString: strerror(error)))")
        }
        do {
            return try Self.decode(bytes, known: known)
        } catch {
            throw Failure(
                message: "refusing to start: \(path) \(error.message); move it away or fix it (it was left untouched)")
        }
    }

    /// Replaces the file with `sections` (members per target, per section), atomically.
    package func write(_ sections: [String: [String: MemberSet]]) throws(Failure) {
        let bytes = Self.encode(sections)
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
        // Closed whether or not it could be flushed: a descriptor left open would be lost (and a reader of
        // the file would wait for its end forever).
        let flushed = fsync(fd) == 0 ? 0 : errno
        let closed = close(fd) == 0 ? 0 : errno
        guard flushed == 0, closed == 0 else {
            unlink(temporary)
            throw Failure(
                message: "cannot flush \(temporary): \(String(cString: strerror(flushed != 0 ? flushed : closed)))")
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

    static func encode(_ sections: [String: [String: MemberSet]]) -> [UInt8] {
        var bytes = Array((header + "\n").utf8)
        var lines = 0
        for section in sections.keys.sorted() {
            let members = sections[section]!
            for target in members.keys.sorted() {
                // Sorted by id, so the same state gives the same bytes: ids are fixed-width hex of the bits.
                let prefix = Array("\(section)\t\(target)\t".utf8)
                bytes.reserveCapacity(bytes.count + members[target]!.count * (prefix.count + 18))
                for viewer in members[target]!.all.sorted() {
                    bytes += prefix
                    viewer.appendID(to: &bytes)
                    bytes.append(UInt8(ascii: "\n"))
                    lines += 1
                }
            }
        }
        let checksum = fnv1a(bytes)
        bytes += Array("end \(lines) \(String(checksum, radix: 16))\n".utf8)
        return bytes
    }

    static func decode(
        _ bytes: [UInt8], known: [String: Set<String>]
    ) throws(Failure) -> [String: [String: Set<Viewer>]] {
        let likesOnly = bytes.starts(with: Array((likesOnlyHeader + "\n").utf8))
        guard likesOnly || bytes.starts(with: Array((header + "\n").utf8)) else {
            throw Failure(message: "is not a state file of this server (unexpected first line)")
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
        var sections: [String: [String: Set<Viewer>]] = [:]
        let lines = body.split(separator: UInt8(ascii: "\n")).dropFirst()
        guard lines.count == count else {
            throw Failure(message: "is damaged (it announces \(count) members but holds \(lines.count))")
        }
        for line in lines {
            var fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            if likesOnly {
                fields.insert(Self.likesOnlySection, at: 0)
            }
            guard fields.count == 3 else {
                throw Failure(
                    message: likesOnly
                        ? "is damaged (a line is not post<TAB>viewer)"
                        : "is damaged (a line is not section<TAB>target<TAB>viewer)")
            }
            let (section, target, viewer) = (fields[0], fields[1], fields[2])
            guard let targets = known[section] else {
                throw Failure(
                    message: "is not for this server: it has a section \(section), which this server does not know")
            }
            guard targets.contains(target) else {
                throw Failure(
                    message: "is not for this data: its \(section) section names \(target), which does not exist")
            }
            guard let viewer = Viewer(id: viewer) else {
                throw Failure(message: "is damaged (invalid viewer id)")
            }
            sections[section, default: [:]][target, default: []].insert(viewer)
        }
        return sections
    }

    /// 64-bit FNV-1a.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        FNV1a(bytes).value
    }
}
