/// A value bound to a statement's `?` or read from a row.
public enum SQLiteValue: Sendable, Equatable, Hashable {
    case null
    case integer(Int64)
    case text(String)
}

extension SQLiteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) {
        self = .text(value)
    }

    public init(integerLiteral value: Int64) {
        self = .integer(value)
    }
}
