import HTTPCore

#if canImport(Glibc)
    import Glibc
#endif

/// A plain HTTP/1.1 connection over TCP: requests written as given, responses read by `Content-Length`.
/// What `preview-server scenarios` talks to a server with, and what tests that need exact bytes on the
/// wire use (as `RawConnection`: several requests on one connection, raw request targets, trickled or
/// malformed requests).
///
/// Its calls block: in an `async` test that waits for deferred handlers, use it inside `offThePool`.
/// `@unchecked Sendable` so it can be handed to that thread; use it from one thread at a time.
package final class HTTPConnection: @unchecked Sendable {
    package struct Response: Sendable {
        package var statusCode: Int
        package var headers: HTTPHeaders
        package var body: [UInt8]
        package var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    /// `HOST:PORT`, the `Host` header a browser would send.
    package let host: String

    /// Connects to `127.0.0.1:port`; reads give up after `timeoutSeconds`.
    package convenience init(port: Int, timeoutSeconds: Int = 10) throws {
        try self.init(host: "127.0.0.1", port: port, timeoutSeconds: timeoutSeconds)
    }

    /// Connects to `host` (a name, or an IPv4 or IPv6 address) on `port`; reads give up after
    /// `timeoutSeconds`.
    package init(host name: String, port: Int, timeoutSeconds: Int = 10) throws {
        host = (name.contains(":") ? "[\(name)]" : name) + ":\(port)"
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(name, String(port), &hints, &found)
        guard resolved == 0, let first = found else {
            fd = -1
            throw Failure(description: "cannot resolve \(name): \(String(cString: gai_strerror(resolved)))")
        }
        defer { freeaddrinfo(found) }
        var descriptor: Int32 = -1
        var reason = "no address"
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            if descriptor >= 0 {
                var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
                setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { break }
                reason = String(cString: strerror(errno))
                Glibc.close(descriptor)
                descriptor = -1
            }
            candidate = address.pointee.ai_next
        }
        fd = descriptor
        // `deinit` closes the socket: the object is fully initialised, so it runs even though init throws.
        guard fd >= 0 else { throw Failure(description: "connect to \(host) failed: \(reason)") }
    }

    deinit {
        if fd >= 0 { Glibc.close(fd) }
    }

    /// Writes bytes as they are.
    package func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    package func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes {
                send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw Failure(description: "send failed: \(String(cString: strerror(errno)))") }
            offset += count
        }
    }

    /// Sends `GET target` with `Host` and the given extra header lines, and reads the response.
    package func request(_ target: String, headers: [String] = []) throws -> Response {
        try request("GET", target, headers: headers)
    }

    /// Sends a request with `Host` and the given extra header lines, and reads the response.
    package func request(
        _ method: String, _ target: String, headers: [String] = [], body: String = ""
    ) throws -> Response {
        try writeRequest(method, target, headers: headers, body: body)
        return try readResponse(bodyless: method == "HEAD")
    }

    /// Sends a request with `Host` and the given extra header lines; its response is read next.
    package func writeRequest(_ method: String, _ target: String, headers: [String] = [], body: String = "") throws {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        for line in headers { text += line + "\r\n" }
        if !body.isEmpty || method == "POST" { text += "Content-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + body
        try write(text)
    }

    /// Reads one response; `bodyless` for answers to `HEAD`, which announce a length but send nothing.
    package func readResponse(bodyless: Bool = false) throws -> Response {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headerEnd: Int?
        while headerEnd == nil {
            headerEnd = buffer.firstRange(of: separator)?.upperBound
            if headerEnd == nil { try fill() }
        }
        let head = String(decoding: buffer[..<headerEnd!], as: UTF8.self)
        buffer.removeFirst(headerEnd!)
        var lines = head.split(separator: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let code = Int(statusLine[1]) else {
            throw Failure(description: "bad status line: \(head)")
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        let length = bodyless || code == 304 || code == 204 ? 0 : Int(headers["Content-Length"] ?? "0") ?? 0
        while buffer.count < length { try fill() }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return Response(statusCode: code, headers: headers, body: body)
    }

    /// Reads raw bytes until `marker` has arrived, and returns everything up to and including it.
    package func read(until marker: String) throws -> String {
        let bytes = Array(marker.utf8)
        while true {
            if let range = buffer.firstRange(of: bytes) {
                let text = String(decoding: buffer[..<range.upperBound], as: UTF8.self)
                buffer.removeFirst(range.upperBound)
                return text
            }
            try fill()
        }
    }

    /// Closes the connection from this side.
    package func close() {
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Whether the server has closed the connection (reads end of stream within the timeout).
    package func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) == 0
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 65536, 0) }
        guard count > 0 else {
            let reason =
                count == 0 ? "connection closed" : errno == EAGAIN ? "read timed out" : String(cString: strerror(errno))
            throw Failure(description: reason)
        }
        buffer += chunk[..<count]
    }
}
