import HTTPCore

/// The property of `fuzz-router`, on an input whose first byte picks the method (from
/// `FuzzRouter.methods`) and whose rest is the request target (as libmicrohttpd hands it over): request
/// parsing throws only 400; routing never crashes and answers at once with 200, 400, 404 or 405 (so every
/// handler finds the parameters of its route, each `:param` non-empty); a 405 has a non-empty `Allow`
/// header that does not list the method, and lists HEAD whenever it lists GET.
package enum RouterProperty: FuzzProperty {
    /// The outcome of routing an input: nil for the empty input; `.failure` if `HTTPRequest` threw.
    static func respond(_ bytes: [UInt8]) -> (method: HTTPMethod, outcome: Result<HTTPOutcome, HTTPError>)? {
        guard let selector = bytes.first else { return nil }
        let method = FuzzRouter.methods[Int(selector) % FuzzRouter.methods.count]
        let target = String(decoding: bytes.dropFirst(), as: UTF8.self)
        do {
            let request = try HTTPRequest(method: method, target: target)
            return (method, .success(FuzzRouter.responder.respond(to: request)))
        } catch {
            return (method, .failure(error))
        }
    }

    /// The status an input is answered with (400 if the request does not parse), or nil for the empty
    /// input and for deferred work.
    package static func status(_ bytes: [UInt8]) -> Int? {
        switch respond(bytes)?.outcome {
        case nil: nil
        case .failure(let error): error.status.code
        case .success(.response(let response)): response.status.code
        case .success: nil
        }
    }

    /// Checks the property on `bytes`: a description of the first violation, or nil if it holds.
    package static func check(_ bytes: [UInt8]) -> String? {
        guard let (method, outcome) = respond(bytes) else { return nil }
        let response: HTTPResponse
        switch outcome {
        case .failure(let error):
            return error.status == .badRequest ? nil : "HTTPRequest threw \(error.status)"
        case .success(.response(let answer)):
            response = answer
        case .success:
            return "a synchronous route produced deferred work"
        }
        switch response.status.code {
        case 200, 400, 404:
            return nil
        case 204:
            // OPTIONS: answered for every known path (and `*`), always with the methods allowed.
            guard method == .options else { return "204 for \(method)" }
            return (response.headers["Allow"] ?? "").contains("OPTIONS") ? nil : "OPTIONS without Allow"
        case 405:
            let allow = response.headers["Allow"] ?? ""
            let allowed = allow.split(separator: ",").map { $0.trimmingPrefix(" ") }
            guard !allowed.isEmpty else { return "405 without an Allow header" }
            guard !allowed.contains(where: { $0 == method.rawValue }) else {
                return "405 although Allow (\(allow)) lists the method \(method)"
            }
            guard !allowed.contains("GET") || allowed.contains("HEAD") else {
                return "Allow (\(allow)) lists GET but not HEAD"
            }
            return nil
        default:
            return "unexpected status \(response.status): \(response.bodyText)"
        }
    }
}
