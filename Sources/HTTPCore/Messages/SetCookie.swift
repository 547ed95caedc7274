/// A `Set-Cookie` header value.
///
/// ```swift
/// SetCookie(name: "viewer", value: id, httpOnly: true, sameSite: .lax).headerValue
/// // "viewer=…; Path=/; HttpOnly; SameSite=Lax"
/// ```
public struct SetCookie: Sendable, Equatable {
    public enum SameSite: String, Sendable {
        case strict = "Strict"
        case lax = "Lax"
        case none = "None"
    }

    public var name: String
    public var value: String
    public var path: String
    public var maxAge: Int?
    public var httpOnly: Bool
    public var sameSite: SameSite?

    public init(
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

    public var headerValue: String {
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
