/// An answer that is another page of the same app: what a form refused as sent answers without script
/// (`422` and the page the form came from, showing the form with its problem). The router answers it by
/// routing a `GET` of each path in turn, as the same request (its headers and cookies, after middleware),
/// without running middleware again: the first page that answers `200` is sent with `status`, or
/// `otherwise()` when none does. `finally` runs once the answer is made.
///
/// ```swift
/// return .forward(Forward(["/posts/p1"], status: .unprocessableContent, otherwise: { .html(fragment) }))
/// ```
package struct Forward: Sendable {
    /// The paths tried in order (each may carry a query).
    package var paths: [String]
    /// The status the page is sent with.
    package var status: HTTPStatus
    /// The answer when no path answers `200`.
    package var otherwise: @Sendable () -> HTTPResponse
    /// Runs once the answer is made, whichever it is.
    package var finally: @Sendable () -> Void

    package init(
        _ paths: [String], status: HTTPStatus, otherwise: @escaping @Sendable () -> HTTPResponse,
        finally: @escaping @Sendable () -> Void = {}
    ) {
        self.paths = paths
        self.status = status
        self.otherwise = otherwise
        self.finally = finally
    }
}
