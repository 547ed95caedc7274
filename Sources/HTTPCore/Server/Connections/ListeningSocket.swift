#if canImport(Glibc)
    import Glibc
#endif

/// A bound, listening TCP socket, made before libmicrohttpd starts so that a busy port gives a precise error,
/// or one inherited from a parent process (the dev supervisor keeps one socket across servers).
package struct ListeningSocket: Sendable {
    package let descriptor: Int32
    package let port: Int
    package let isIPv6: Bool

    /// Binds `host:port` and listens.
    ///
    /// - Throws: `ServerError` with a one-line message (for example "address already in use").
    package init(host: String, port: Int, backlog: Int32 = 1024) throws(ServerError) {
        guard (0...65535).contains(port) else {
            throw ServerError("port \(port) is out of range (0-65535)")
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host, String(port), &hints, &list)
        guard lookup == 0, let first = list else {
            throw ServerError("cannot resolve host \(host)")
        }
        defer { freeaddrinfo(list) }
        let info = first.pointee
        let fd = socket(info.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else {
            throw ServerError("cannot create a socket: \(String(cString: strerror(errno)))")
        }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, info.ai_addr, info.ai_addrlen) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ServerError("cannot listen on \(host):\(port): \(reason.lowercased())")
        }
        guard listen(fd, backlog) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ServerError("cannot listen on \(host):\(port): \(reason.lowercased())")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        self.descriptor = fd
        self.isIPv6 = info.ai_family == AF_INET6
        self.port = Self.boundPort(of: fd, ipv6: isIPv6)
    }

    /// Takes over `descriptor`, which must be a listening TCP socket (inherited from a parent process).
    ///
    /// - Throws: `ServerError` when it is not one.
    package init(inheriting descriptor: Int32) throws(ServerError) {
        var listening: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0, listening != 0 else {
            throw ServerError("file descriptor \(descriptor) is not a listening socket")
        }
        var storage = sockaddr_storage()
        var addressLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &addressLength) }
        }
        guard storage.ss_family == sa_family_t(AF_INET) || storage.ss_family == sa_family_t(AF_INET6) else {
            throw ServerError("file descriptor \(descriptor) is not a TCP socket")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        self.descriptor = descriptor
        self.isIPv6 = storage.ss_family == sa_family_t(AF_INET6)
        self.port = Self.boundPort(of: descriptor, ipv6: isIPv6)
    }

    private static func boundPort(of fd: Int32, ipv6: Bool) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return withUnsafePointer(to: &storage) { pointer in
            if ipv6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                Int(UInt16(bigEndian: $0.pointee.sin_port))
            }
        }
    }
}
