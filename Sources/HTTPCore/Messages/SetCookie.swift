/// A `Set-Cookie` header value.
///
/// ```swift
/// SetCookie(name: "viewer", value: id, httpOnly: true, sameSite: .lax).headerValue
/// // "viewer=…; Path=/; HttpOnly; SameSite=Lax"
/// ```
package struct SetCookie: Sendable, Equatable {
    package enum SameSite: String, Sendable {
        case strict = "Strict"
        case lax = "Lax"
        case none = "None"
    }

    public var name: String
    public var value: String
    public var path: String
    package var maxAge: Int?
    package var httpOnly: Bool
    package var sameSite: SameSite?

    package init(
        name: String,
        value: String,
        path: String = "/",
        maxAge: Int? = nil,
        httpOnly: Bool = true,
        sameSite: SameSite? = .lax
    ) {
        self.name = name
        self.value = value
        self.path = path
        self.maxAge = maxAge
        self.httpOnly = httpOnly
        self.sameSite = sameSite
    }

    package var headerValue: String {
        var result = "\(name)=\(value); Path=\(path)"
        if let maxAge {
            result += "; Max-Age=\(maxAge)"
        }
        if httpOnly {
            result += "; HttpOnly"
        }
        if let sameSite {
            result += "; SameSite=\(sameSite.rawValue)"
        }
        return result
    }
}
