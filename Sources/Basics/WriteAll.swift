#if canImport(Glibc)
    import Glibc
#endif

/// Writes all of `text` to the file descriptor `fd`, again after an interrupted write; on any other
/// error it stops (the standard streams have nowhere left to report it).
func writeAll(_ text: String, to fd: Int32) {
    var text = text
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
