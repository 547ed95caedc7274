import HTTPCore

/// `GET /dev/events`, mounted only when the server runs under the dev supervisor.
struct DevRoutes: RouteCollection {
    let session: DevSession

    func addRoutes(to routes: inout RouteGroup) {
        let documentation = RouteDocumentation(
            "The dev client's events (only under scripts/dev)", tags: ["Dev"],
            responses: [
                .init(
                    200, "Server-sent events: hello, building, reload, css, build-failed.",
                    mediaType: "text/event-stream", schema: .string())
            ])
        routes.get("/dev/events", documentation) { _ in session.eventsResponse() }
    }
}
