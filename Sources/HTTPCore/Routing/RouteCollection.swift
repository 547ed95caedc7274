/// A set of routes that a module owns and the app mounts.
///
/// ```swift
/// struct HealthRoutes: RouteCollection {
///     func addRoutes(to routes: inout RouteGroup) {
///         routes.get("/healthz") { _ in .text("ok\n") }
///     }
/// }
/// router.mount(HealthRoutes())
/// ```
public protocol RouteCollection: Sendable {
    /// Adds the collection's routes, each with its documentation, to `routes`.
    func addRoutes(to routes: inout RouteGroup)
}
