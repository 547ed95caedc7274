import Components
import HTTPCore

/// `GET /events/stream`: each handled tap as one server-sent event (`id`, then `data` with the event's
/// JSON), optionally only one component's; a comment every 15 seconds keeps the connection alive and
/// notices clients that have gone. No server thread is held while a stream is idle.
enum EventStream {
    static let keepAliveInterval: Duration = .seconds(15)

    static func response(events: TapEventLog, component: String?) -> HTTPResponse {
        let stream = ResponseStream()
        stream.write(Array("retry: 2000\n: connected\n\n".utf8))
        let token = events.addListener { event in
            guard component == nil || component == event.component else { return }
            var bytes = Array("id: \(event.sequence)\ndata: ".utf8)
            event.json.encode(into: &bytes)
            bytes += Array("\n\n".utf8)
            stream.write(bytes)
        }
        stream.keepAlive(every: keepAliveInterval)
        stream.onClose { events.removeListener(token) }
        var response = HTTPResponse(
            headers: ["Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache"])
        response.stream = stream
        return response
    }
}
