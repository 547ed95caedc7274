@_spi(Runtime) import HTTPValues
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Refuses requests whose `Host` is not one of ours, the defence against DNS rebinding: a page on another
/// site that gets its name resolved to 127.0.0.1 still sends its own name as `Host`.
///
/// Allowed: `localhost`, `127.0.0.1`, `[::1]` and any extra names, each with the bound port once it is
/// known. A request without `Host` (not from a browser) is allowed. Others get `421 Misdirected Request`.
package final class HostAllowList: HTTPMiddleware {
    private let names: Set<String>
    private let boundPort = Atomic<Int>(0)
    /// `name:port` for every allowed name, once the port is known.
    /// The names as bytes, for the common case: a lowercase name and the bound port, checked in place.
    private let nameBytes: [[UInt8]]

    /// - Parameter extraNames: More host names or addresses to answer to (`--allow-host`).
    package init(extraNames: [String] = []) {
        names = Set((["localhost", "127.0.0.1", "[::1]"] + extraNames).map { $0.lowercased() })
        nameBytes = names.map { Array($0.utf8) }
    }

    /// The port the server is bound to; until it is set, any port is accepted.
    package var port: Int {
        get { boundPort.load(ordering: .relaxed) }
        set { boundPort.store(newValue, ordering: .relaxed) }
    }

    package func prepare(_ request: inout HTTPRequest) -> HTTPResponse? {
        // The common case, an exact `127.0.0.1:PORT` or `localhost:PORT`, is checked on the bytes as sent.
        let bound = port
        guard bound == 0 || request.headers.withValue(of: .host, { isExact($0, port: bound) }) != true,
            let host = request.headers[.host]
        else { return nil }
        if isAllowed(host) { return nil }
        return .plainError(
            HTTPError(
                .misdirectedRequest,
                "This server only answers to localhost (Host \(host.prefix(100)) is not allowed; see --allow-host)."))
    }

    /// Whether `host` names us, in any case and with the bound port (the common exact spelling is checked
    /// on the header's bytes before this, by `prepare`).
    private func isAllowed(_ host: String) -> Bool {
        let lowered = host.lowercased()
        var name = lowered
        var portText: Substring?
        if lowered.hasPrefix("[") {
            guard let close = lowered.firstIndex(of: "]") else { return false }
            name = String(lowered[...close])
            let rest = lowered[lowered.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return false }
                portText = rest.dropFirst()
            }
        } else if let colon = lowered.lastIndex(of: ":") {
            name = String(lowered[..<colon])
            portText = lowered[lowered.index(after: colon)...]
        }
        guard names.contains(name) else { return false }
        let expected = port
        guard expected != 0 else { return true }
        guard let portText else { return expected == 80 }
        return Int(portText) == expected
    }

    /// Whether `host` is exactly one of the names (as listed, lowercase), a colon and `port` in decimal.
    private func isExact(_ host: UnsafeBufferPointer<UInt8>, port: Int) -> Bool {
        guard let colon = host.lastIndex(of: UInt8(ascii: ":")), colon + 1 < host.count, colon + 7 > host.count else {
            return false
        }
        var value = 0
        for byte in host[(colon + 1)...] {
            guard ASCII.isDigit(byte) else { return false }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        guard value == port else { return false }
        let name = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: host[..<colon]))
        for allowed in nameBytes where allowed.count == name.count {
            let same = allowed.withUnsafeBytes { memcmp($0.baseAddress!, name.baseAddress!, name.count) == 0 }
            if same { return true }
        }
        return false
    }
}
