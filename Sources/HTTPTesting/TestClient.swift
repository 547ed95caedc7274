import HTTPCore
import Synchronization

/// An HTTP/1.1 client for live tests: one `RawConnection` per request, on a thread of its own so that
/// awaiting it holds no thread of the cooperative pool; redirects are not followed, so a `303` is seen as
/// such.
///
/// ```swift
/// let client = TestClient(server)
/// let response = try await client.post("/components/like/tap", form: "post=p1&liked=true")
/// #expect(response.status.code == 303)
/// ```
///
/// It is ours rather than `URLSession`: Foundation's client on Linux runs libcurl on threads of its own
/// and has been seen to close descriptors that were not its own (swift-corelibs-foundation #3286), which,
/// in a test process where dozens of tests hold sockets at once, cuts another test's connection.
package final class TestClient: Sendable {
    package let baseURL: String
    private let port: Int
    private let slots: Slots

    /// - Parameter maxConnections: Requests in flight at once; more wait for one to finish.
    package init(_ server: HTTPServer, maxConnections: Int = 64) {
        self.baseURL = "http://127.0.0.1:\(server.port)"
        self.port = server.port
        self.slots = Slots(max(1, maxConnections))
    }

    /// Sends a request; a body is sent as a form unless `headers` give another `Content-Type`.
    package func send(
        _ method: HTTPMethod,
        _ path: String,
        headers: [String: String] = [:],
        body: [UInt8]? = nil
    ) async throws -> HTTPResponse {
        var text = "\(method.rawValue) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            text += "\(name): \(value)\r\n"
        }
        if let body {
            if !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
                text += "Content-Type: application/x-www-form-urlencoded\r\n"
            }
            text += "Content-Length: \(body.count)\r\n"
        }
        text += "Connection: close\r\n\r\n"
        let bytes = Array(text.utf8) + (body ?? [])
        let port = self.port
        await slots.take()
        defer { slots.give() }
        let response = try await offThePool { () -> RawConnection.Response in
            let connection = try RawConnection(port: port, timeoutSeconds: 30)
            try connection.write(bytes)
            return try connection.readResponse(bodyless: method == .head)
        }
        return HTTPResponse(
            status: HTTPStatus(code: response.statusCode, reasonPhrase: ""), headers: response.headers,
            body: response.body)
    }

    package func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await send(.get, path, headers: headers)
    }

    package func post(_ path: String, form: String, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await send(.post, path, headers: headers, body: Array(form.utf8))
    }
}

/// At most `count` holders at once; the others wait, in order, without holding a thread.
private final class Slots: Sendable {
    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(_ count: Int) {
        state = Mutex(State(free: count))
    }

    func take() async {
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state -> Bool in
                guard state.free > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    func give() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()  // the slot passes straight to the first in line
        }
        next?.resume()
    }
}
