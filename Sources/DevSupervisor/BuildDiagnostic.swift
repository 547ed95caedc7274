import HTTPCore

/// One message of the compiler or the linker, as the dev overlay shows it.
package struct BuildDiagnostic: Sendable, Equatable {
    package enum Severity: String, Sendable {
        case error, warning, note, remark
    }

    /// The file, relative to the package root when it lies inside it; `nil` for messages about no file
    /// (a linker error).
    package var file: String?
    package var line: Int?
    package var column: Int?
    package var severity: Severity
    package var message: String
    /// The source line it points at, read from the file when the report is made.
    package var source: String?

    package init(
        file: String?, line: Int?, column: Int?, severity: Severity, message: String, source: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.source = source
    }

    var json: JSONValue {
        var fields: [(String, JSONValue)] = []
        fields.append(("file", file.map(JSONValue.string) ?? .null))
        fields.append(("line", line.map(JSONValue.int) ?? .null))
        fields.append(("column", column.map(JSONValue.int) ?? .null))
        fields.append(("severity", .string(severity.rawValue)))
        fields.append(("message", .string(message)))
        if let source { fields.append(("source", .string(source))) }
        return .object(fields)
    }
}
