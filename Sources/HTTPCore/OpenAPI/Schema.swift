/// A JSON Schema, as much of it as the routes' descriptions need.
public indirect enum Schema: Sendable {
    /// A string, optionally one of `enum`, matching `pattern`, or of bounded length.
    case string(enum: [String]? = nil, pattern: String? = nil, minLength: Int? = nil, maxLength: Int? = nil)
    /// A whole number, optionally bounded.
    case integer(minimum: Int? = nil, maximum: Int? = nil)
    /// A number, optionally bounded.
    case number(minimum: Double? = nil, maximum: Double? = nil)
    /// `true` or `false`.
    case boolean
    /// A string holding `true` or `false` (a form field or query parameter).
    case booleanText
    /// An array of values of one schema.
    case array(Schema)
    /// An object with the named properties, those in `required` always there; `additional` allows others.
    case object([String: Schema], required: [String] = [], additional: Bool = true)
    /// Any of the given schemas.
    case anyOf([Schema])
    /// `null`.
    case null

    /// Text a parameter or field may hold: no control characters but tab and line breaks (the server
    /// answers `400` to those), at least `minLength` and at most `maxLength` characters.
    public static func text(minLength: Int? = nil, maxLength: Int? = nil) -> Schema {
        .string(pattern: "^[^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]*$", minLength: minLength, maxLength: maxLength)
    }

    /// A path segment: not empty, no control characters at all.
    public static var segment: Schema {
        Schema.string(pattern: "^[^\\x00-\\x1F\\x7F]+$", minLength: 1)
    }

    /// The schema as JSON.
    public var json: JSONValue {
        switch self {
        case .string(let values, let pattern, let minLength, let maxLength):
            var fields: [(String, JSONValue)] = [("type", .string("string"))]
            if let values { fields.append(("enum", .array(values.map(JSONValue.string)))) }
            if let pattern { fields.append(("pattern", .string(pattern))) }
            if let minLength { fields.append(("minLength", .int(minLength))) }
            if let maxLength { fields.append(("maxLength", .int(maxLength))) }
            return .object(fields)
        case .integer(let minimum, let maximum):
            var fields: [(String, JSONValue)] = [("type", .string("integer"))]
            if let minimum { fields.append(("minimum", .int(minimum))) }
            if let maximum { fields.append(("maximum", .int(maximum))) }
            return .object(fields)
        case .number(let minimum, let maximum):
            var fields: [(String, JSONValue)] = [("type", .string("number"))]
            if let minimum { fields.append(("minimum", .double(minimum))) }
            if let maximum { fields.append(("maximum", .double(maximum))) }
            return .object(fields)
        case .boolean:
            return .object([("type", .string("boolean"))])
        case .booleanText:
            return .object([("type", .string("string")), ("enum", .array([.string("true"), .string("false")]))])
        case .array(let items):
            return .object([("type", .string("array")), ("items", items.json)])
        case .object(let properties, let required, let additional):
            var fields: [(String, JSONValue)] = [
                ("type", .string("object")),
                ("properties", .object(properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) })),
            ]
            if !required.isEmpty { fields.append(("required", .array(required.map(JSONValue.string)))) }
            if !additional { fields.append(("additionalProperties", .bool(false))) }
            return .object(fields)
        case .anyOf(let schemas):
            return .object([("anyOf", .array(schemas.map(\.json)))])
        case .null:
            return .object([("type", .string("null"))])
        }
    }
}
