import Components
import HTTPCore

/// The app's map of where things live: the one place that knows profile and post paths.
public struct AppNavigator: Navigator {
    let fixtures: Fixtures

    public init(fixtures: Fixtures) {
        self.fixtures = fixtures
    }

    public func profileDestination(for uid: String) -> String? {
        fixtures.user(uid) == nil ? nil : Self.profilePath(uid)
    }

    /// `/users/{uid}`, the uid percent-encoded as one path segment.
    static func profilePath(_ uid: String) -> String {
        "/users/" + PercentEncoding.encodePathSegment(uid)
    }

    static func postPath(_ id: String) -> String {
        "/posts/" + PercentEncoding.encodePathSegment(id)
    }
}
