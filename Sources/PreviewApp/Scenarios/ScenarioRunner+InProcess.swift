import Components
import HTTPCore

extension ScenarioRunner {
    /// A runner whose requests the app answers in-process, through its whole router (middleware
    /// included), as `registry` reaches it.
    package static func inProcess(_ registry: ComponentRegistry) -> ScenarioRunner {
        ScenarioRunner { request in
            var headers = HTTPHeaders()
            for header in request.headers {
                headers.add(header.name, header.value)
            }
            let http = try HTTPRequest(
                method: HTTPMethod(rawValue: request.method), target: request.path, headers: headers,
                body: Array(request.body.utf8))
            guard let response = await registry.respond(to: http) else {
                throw HTTPError(.serviceUnavailable, "The app is not serving yet.")
            }
            return ScenarioResponse(status: response.status.code, headers: response.headers, body: response.body)
        }
    }
}
