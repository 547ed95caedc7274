/// The Swift call that renders a component, written as source: what the gallery shows beside a variant's
/// HTML, and what `VariantCalls.swift` compiles and runs.
///
/// ```swift
/// SwiftCall("LikeButton.selfManaged").string("post", "p3").bool("liked", true).int("count", 999).source
/// // LikeButton.selfManaged(post: "p3", liked: true, count: 999)
/// ```
public struct SwiftCall: Sendable {
    /// What is called: `LikeButton.selfManaged`, `LikeButton`.
    package let callee: String
    /// The arguments in order: labels and their source.
    public private(set) var arguments: [(label: String, source: String)] = []

    /// A call of `callee` (`LikeButton.selfManaged`), with no arguments yet.
    public init(_ callee: String) {
        self.callee = callee
    }

    /// Adds `label: source` (the source as it is).
    public func argument(_ label: String, source: String) -> SwiftCall {
        var call = self
        call.arguments.append((label, source))
        return call
    }

    /// `value` as a Swift string literal, for an argument's source written by hand: quotes and backslashes
    /// escaped, control and invisible formatting characters as `\u{…}`, everything else as it is.
    ///
    /// ```swift
    /// SwiftCall("Notes").argument("notes", source: "[" + SwiftCall.literal("A \"first\" note.") + "]")
    /// ```
    public static func literal(_ value: String) -> String {
        SwiftLiteral.string(value)
    }

    /// Adds a string argument as a Swift literal; `nil` adds nothing (the parameter's default).
    public func string(_ label: String, _ value: String?) -> SwiftCall {
        value.map { argument(label, source: SwiftLiteral.string($0)) } ?? self
    }

    /// Adds an optional string argument that has no default: a literal, or `nil`.
    public func optionalString(_ label: String, _ value: String?) -> SwiftCall {
        argument(label, source: value.map(SwiftLiteral.string) ?? "nil")
    }

    /// Adds an integer argument, written with `_` every three digits (`1_234_567`).
    public func int(_ label: String, _ value: Int) -> SwiftCall {
        argument(label, source: SwiftLiteral.integer(value))
    }

    /// Adds a Boolean argument; with `omittedWhen` it is left out when it has that (default) value.
    public func bool(_ label: String, _ value: Bool, omittedWhen defaultValue: Bool? = nil) -> SwiftCall {
        value == defaultValue ? self : argument(label, source: value ? "true" : "false")
    }

    /// Adds an enumeration case (`.verified`); with `omittedWhen` it is left out when it is the default.
    package func member(_ label: String, _ name: String, omittedWhen defaultName: String? = nil) -> SwiftCall {
        name == defaultName ? self : argument(label, source: "." + name)
    }

    /// Adds a `TapAction` written out in full.
    public func action(_ label: String, _ action: TapAction) -> SwiftCall {
        let fields = action.fields.map {
            "\n        .init(\(SwiftLiteral.string($0.name)), \(SwiftLiteral.string($0.value)))"
        }
        let list = fields.isEmpty ? "" : ", fields: [" + fields.joined(separator: ",") + ",\n    ]"
        return argument(label, source: "TapAction(path: \(SwiftLiteral.string(action.path))\(list))")
    }

    /// The call: on one line when it fits in 100 columns, else one argument per line.
    package var source: String {
        let oneLine = callee + "(" + arguments.map { "\($0.label): \($0.source)" }.joined(separator: ", ") + ")"
        if oneLine.count <= 100 && !oneLine.contains("\n") {
            return oneLine
        }
        return callee + "(\n" + arguments.map { "    \($0.label): \($0.source)" }.joined(separator: ",\n") + "\n)"
    }
}

/// Swift literals for values shown as source.
package enum SwiftLiteral {
    /// `value` as a Swift string literal: quotes and backslashes escaped, control and invisible
    /// formatting characters as `\u{…}`, everything else (including non-ASCII text) as it is.
    package static func string(_ value: String) -> String {
        var literal = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\0": literal += "\\0"
            default:
                if isInvisible(scalar) {
                    literal += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }

    /// `1234567` → `1_234_567`.
    package static func integer(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 {
                grouped += "_"
            }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// Control characters, and the formatting characters that change how text reads without showing
    /// (zero-width, bidirectional overrides, line and paragraph separators, the byte-order mark).
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: true
        default: false
        }
    }
}

/// Where a source file is in the package.
package enum SourceFile {
    /// `#filePath` from the package's root: `Sources/Components/LikeButton/LikeButton+SelfManaged.swift`.
    package static func path(_ filePath: String) -> String {
        let parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
        guard let sources = parts.lastIndex(of: "Sources") else { return filePath }
        return parts[sources...].joined(separator: "/")
    }
}
