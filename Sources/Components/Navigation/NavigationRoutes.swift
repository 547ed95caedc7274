import Basics
import HTTPCore

/// The route that handles every tap of one navigating component, from its `NavigationDefinition` and
/// where each target leads: the field checked, the destination asked for, the event recorded, and `303 See Other` to it (with
/// `HX-Request: true`, `200` and `HX-Redirect`). A missing field is `400`, an unknown target `404`.
public struct NavigationRoutes: RouteCollection {
    public let definition: NavigationDefinition
    let destination: @Sendable (String) -> String?
    let events: TapEventLog
    private let tapFields: Set<String>

    /// - Parameter destination: Where a tap on a target goes (a local path), or `nil` when there is no
    ///   such target (`404`).
    public init(
        definition: NavigationDefinition, destination: @escaping @Sendable (String) -> String?, events: TapEventLog
    ) {
        self.definition = definition
        self.destination = destination
        self.events = events
        self.tapFields = [definition.target.field]
    }

    public func addRoutes(to routes: inout RouteGroup) {
        routes.post(definition.tapPath, definition.documentation) { request in try self.handleTap(request) }
    }

    func handleTap(_ request: HTTPRequest) throws -> HTTPResponse {
        let started = ContinuousClock.now
        let form = try request.formFields().taking(only: tapFields)
        guard let target = form[definition.target.field], !target.isEmpty else {
            throw definition.target.missing(in: definition.name)
        }
        guard let destination = destination(target) else {
            throw definition.target.notFound(target)
        }
        events.record(
            TapEvent(
                component: definition.title,
                action: "tap",
                instance: target,
                viewer: request.viewer,
                outcome: .redirected,
                latencyMilliseconds: (ContinuousClock.now - started).wholeMilliseconds,
                location: destination
            )
        )
        if request.wantsFragment {
            return HTTPResponse(status: .ok, headers: ["HX-Redirect": destination])
        }
        return .redirect(to: destination)
    }
}
