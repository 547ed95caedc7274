import HTTPCore

/// `GET /dev/events`, mounted only when the server runs under the dev supervisor.
struct DevRoutes: RouteCollection {
    let session: DevSession

    func addRoutes(to routes: inout RouteGroup) {
        routes.get("/dev/events") { _ in session.eventsResponse() }
    }
}
