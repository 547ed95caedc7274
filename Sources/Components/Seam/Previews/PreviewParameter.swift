import HTTPCore

/// One parameter a component preview accepts: its name, type, default and allowed values.
public struct PreviewParameter: Sendable {
    /// What values a parameter takes, and so how the gallery checks and offers them.
    public enum Kind: Sendable, Equatable {
        /// Any text.
        case text
        /// A whole number from `minimum` up.
        case integer(minimum: Int)
        /// `true` or `false`.
        case boolean
        /// One of the listed values.
        case choice([String])
        /// An image URL that `ImageURL` allows, or empty for none.
        case imageURL
        /// A local path (`/feed#like-p1`), or empty for none.
        case localPath

        /// The name used in the catalogue.
        package var typeName: String {
            switch self {
            case .text: "string"
            case .integer: "integer"
            case .boolean: "boolean"
            case .choice: "choice"
            case .imageURL: "url"
            case .localPath: "path"
            }
        }
    }

    /// The parameter's name, in the gallery's query and in `PreviewValues`.
    public let name: String
    package let kind: Kind
    package let defaultValue: String
    package let summary: String

    /// A parameter `name` of `kind`, with its `default` value and a one-line `summary`.
    public init(_ name: String, _ kind: Kind, default defaultValue: String, _ summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }

    /// The allowed values, for choices and booleans.
    package var allowedValues: [String]? {
        switch kind {
        case .choice(let values): values
        case .boolean: ["true", "false"]
        default: nil
        }
    }

    /// Checks a raw value, naming this parameter when it is not acceptable.
    package func validate(_ raw: String) throws(PreviewParameterError) -> String {
        switch kind {
        case .text:
            guard raw.unicodeScalars.count <= 1000 else {
                throw PreviewParameterError(parameter: name, message: "must be at most 1000 characters long")
            }
            return raw
        case .integer(let minimum):
            guard let value = Int(raw), value >= minimum, value <= 1_000_000_000_000 else {
                throw PreviewParameterError(
                    parameter: name, message: "must be a whole number from \(minimum) to 1000000000000, got \"\(raw)\"")
            }
            return String(value)
        case .boolean:
            guard raw == "true" || raw == "false" else {
                throw PreviewParameterError(parameter: name, message: "must be true or false, got \"\(raw)\"")
            }
            return raw
        case .choice(let values):
            guard values.contains(raw) else {
                throw PreviewParameterError(
                    parameter: name,
                    message: "must be one of \(values.joined(separator: ", ")), got \"\(raw)\"")
            }
            return raw
        case .imageURL:
            guard raw.isEmpty || ImageURL.isAllowed(raw) else {
                throw PreviewParameterError(
                    parameter: name,
                    message: "must be an http or https URL, a path starting with /, or a data:image URL, got \"\(raw)\""
                )
            }
            return raw
        case .localPath:
            guard raw.isEmpty || LocalPath.isLocal(raw) else {
                throw PreviewParameterError(
                    parameter: name, message: "must be a local path starting with a single /, got \"\(raw)\"")
            }
            return raw
        }
    }
}

/// A preview parameter that is not acceptable; the message names the parameter.
package struct PreviewParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    package var parameter: String
    package var message: String

    package init(parameter: String, message: String) {
        self.parameter = parameter
        self.message = message
    }

    package var description: String { "Invalid parameter \(parameter): \(message)." }
}
