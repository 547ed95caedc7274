import Foundation
import HTTPCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A URLSession client for live tests that does not follow redirects, so a `303` is seen as such.
public final class TestClient: Sendable {
    public let baseURL: String
    private let session: URLSession

    public init(_ server: HTTPServer, maxConnections: Int = 64) {
        self.baseURL = "http://127.0.0.1:\(server.port)"
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maxConnections
        configuration.timeoutIntervalForRequest = 30
        configuration.httpShouldSetCookies = false
        self.session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends a request; `body` as a form when given as a string.
    public func send(
        _ method: HTTPMethod,
        _ path: String,
        headers: [String: String] = [:],
        body: [UInt8]? = nil
    ) async throws -> HTTPResponse {
        var request = URLRequest(url: URL(string: baseURL + path)!)
        request.httpMethod = method.rawValue
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if let body {
            request.httpBody = Data(body)
            if headers["Content-Type"] == nil {
                request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            }
        }
        let (data, urlResponse) = try await session.data(for: request)
        let http = urlResponse as! HTTPURLResponse
        var responseHeaders = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            responseHeaders.add("\(name)", "\(value)")
        }
        return HTTPResponse(
            status: HTTPStatus(code: http.statusCode, reasonPhrase: ""),
            headers: responseHeaders,
            body: [UInt8](data)
        )
    }

    public func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await send(.get, path, headers: headers)
    }

    public func post(_ path: String, form: String, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await send(.post, path, headers: headers, body: Array(form.utf8))
    }
}

private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
