/// An HTTP request method such as `GET` or `POST`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// `GET`: read a page, a fragment or a state.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: a `GET` without its body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`: a tap (a form submission) or a control.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `DELETE`.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `PATCH`.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `OPTIONS`.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `TRACE` (never answered: `405`).
    public static let trace = HTTPMethod(rawValue: "TRACE")
}
