import Basics

#if canImport(Glibc)
    import Glibc
#endif

/// The contents of a text file, or `nil` when it cannot be read.
func readTextFile(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    _ = readAll(descriptor, appendingTo: &bytes)  // as much as could be read
    return String(decoding: bytes, as: UTF8.self)
}

/// Copies `source` to `destination` (replacing it), executable.
func copyFile(from source: String, to destination: String) throws(SupervisorError) {
    let input = open(source, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else { throw SupervisorError("cannot read \(source): \(String(cString: strerror(errno)))") }
    defer { close(input) }
    let temporary = destination + ".partial"
    let output = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard output >= 0 else {
        throw SupervisorError("cannot write \(temporary): \(String(cString: strerror(errno)))")
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var failed = false
    copying: while true {
        let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count < 0 { failed = true }
        guard count > 0 else { break }
        var offset = 0
        while offset < count {
            let written = chunk.withUnsafeBytes { write(output, $0.baseAddress! + offset, count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                failed = true
                break copying
            }
            offset += written
        }
    }
    close(output)
    guard !failed, rename(temporary, destination) == 0 else {
        unlink(temporary)
        throw SupervisorError("cannot copy \(source) to \(destination)")
    }
}
