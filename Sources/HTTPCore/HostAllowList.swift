import Synchronization

/// Refuses requests whose `Host` is not one of ours, the defence against DNS rebinding: a page on another
/// site that gets its name resolved to 127.0.0.1 still sends its own name as `Host`.
///
/// Allowed: `localhost`, `127.0.0.1`, `[::1]` and any extra names, each with the bound port once it is
/// known. A request without `Host` (not from a browser) is allowed. Others get `421 Misdirected Request`.
public final class HostAllowList: HTTPMiddleware {
    private let names: Set<String>
    private let boundPort = Atomic<Int>(0)
    /// `name:port` for every allowed name, once the port is known.
    private let exactHosts = Mutex<Set<String>?>(nil)

    /// - Parameter extraNames: More host names or addresses to answer to (`--allow-host`).
    public init(extraNames: [String] = []) {
        names = Set((["localhost", "127.0.0.1", "[::1]"] + extraNames).map { $0.lowercased() })
    }

    /// The port the server is bound to; until it is set, any port is accepted.
    public var port: Int {
        get { boundPort.load(ordering: .relaxed) }
        set {
            boundPort.store(newValue, ordering: .relaxed)
            exactHosts.withLock { $0 = newValue == 0 ? nil : Set(names.map { "\($0):\(newValue)" }) }
        }
    }

    public func prepare(_ request: inout HTTPRequest) -> HTTPResponse? {
        guard let host = request.headers["Host"] else { return nil }
        if isAllowed(host) { return nil }
        return .plainError(
            HTTPError(
                .misdirectedRequest,
                "This server only answers to localhost (Host \(host.prefix(100)) is not allowed; see --allow-host)."))
    }

    func isAllowed(_ host: String) -> Bool {
        // The common case, an exact `127.0.0.1:PORT` or `localhost:PORT`, needs no lowercasing.
        if let exact = exactHosts.withLock({ $0 }), exact.contains(host) {
            return true
        }
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
}
