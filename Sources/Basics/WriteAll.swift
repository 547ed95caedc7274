#if canImport(Glibc)
    import Glibc
#endif

/// Writes all of `text` to the file descriptor `fd`, again after an interrupted write; on any other
/// error it stops and returns false (the standard streams have nowhere left to report it).
///
/// ```swift
/// guard writeAll(report, to: fd) else { return false }
/// ```
@discardableResult
package func writeAll(_ text: String, to fd: Int32) -> Bool {
    var text = text
    return text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
