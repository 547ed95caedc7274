/// A value bound to a statement's `?` or read from a row.
package enum SQLiteValue: Sendable, Equatable, Hashable {
    case null
    case integer(Int64)
    case text(String)
}

extension SQLiteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    package init(stringLiteral value: String) {
        self = .text(value)
    }

    package init(integerLiteral value: Int64) {
        self = .integer(value)
    }
}
