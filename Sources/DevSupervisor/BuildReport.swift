import HTTPCore

/// What a failed build tells the terminal and the browser: its diagnostics, parsed from the output of
/// `swift build`, and the output itself (its end, when it is long).
///
/// ```swift
/// let report = BuildReport(output: text, root: "/work/app")
/// report.diagnostics.first?.file   // "Sources/Components/LikeButton/LikeButton.swift"
/// report.json                      // {"diagnostics":[…],"output":"…"}
/// ```
package struct BuildReport: Sendable, Equatable {
    package var diagnostics: [BuildDiagnostic]
    package var output: String

    /// The most output kept, in bytes (its end is kept: that is where the errors are).
    static let outputLimit = 64 * 1024

    package init(diagnostics: [BuildDiagnostic], output: String) {
        self.diagnostics = diagnostics
        self.output = output
    }

    /// Parses `output`. Paths inside `root` become relative to it.
    package init(output: String, root: String) {
        self.diagnostics = Self.parse(output, root: root)
        let bytes = Array(output.utf8)
        self.output =
            bytes.count > Self.outputLimit
            ? "…" + String(decoding: bytes.suffix(Self.outputLimit), as: UTF8.self) : output
    }

    /// The report as one line of JSON: `{"diagnostics":[{"file","line","column","severity","message",
    /// "source"}],"output":"…"}`.
    package var json: String {
        let value = JSONValue.object([
            ("diagnostics", .array(diagnostics.map(\.json))),
            ("output", .string(output)),
        ])
        return String(decoding: value.encoded(), as: UTF8.self)
    }

    /// The errors and warnings for the terminal, one per line.
    package var summary: String {
        diagnostics.filter { $0.severity != .note }.map { diagnostic in
            let place = diagnostic.file.map { file in
                [file, diagnostic.line.map(String.init), diagnostic.column.map(String.init)]
                    .compactMap { $0 }.joined(separator: ":") + ": "
            }
            return (place ?? "") + "\(diagnostic.severity.rawValue): \(diagnostic.message)"
        }.joined(separator: "\n")
    }

    /// Reads the diagnostics in `swift build` output:
    /// - `FILE:LINE:COLUMN: SEVERITY: MESSAGE` (the compiler; repeated by several jobs, kept once);
    /// - `FILE:LINE: error: MESSAGE` (the linker, pointing at a caller);
    /// - the notes that Swift 6 prints only inside its source excerpt (`` | `- note: MESSAGE ``), at the
    ///   excerpt's line above them;
    /// - `error: MESSAGE` and `TOOL: error: MESSAGE` about no file (a linker that found an undefined
    ///   symbol). "… command failed with exit code" lines are dropped when anything else explains them.
    static func parse(_ output: String, root: String) -> [BuildDiagnostic] {
        var found: [BuildDiagnostic] = []
        var seen: Set<String> = []
        var excerptFile: String?
        var excerptLine: Int?
        func add(_ diagnostic: BuildDiagnostic) {
            let key =
                "\(diagnostic.file ?? "")|\(diagnostic.line ?? 0)|\(diagnostic.column ?? 0)|"
                + "\(diagnostic.severity.rawValue)|\(diagnostic.message)"
            if seen.insert(key).inserted { found.append(diagnostic) }
        }
        for rawLine in output.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if let located = located(line, root: root) {
                add(located)
                excerptFile = located.file
                excerptLine = nil
            } else if let (number, _) = excerptSourceLine(line) {
                excerptLine = number
            } else if let (column, severity, message) = excerptMarker(line) {
                // The header line already gave the excerpt's own diagnostic; only notes are new here.
                if severity == .note, let excerptFile, let excerptLine {
                    add(
                        BuildDiagnostic(
                            file: excerptFile, line: excerptLine, column: column, severity: .note, message: message))
                }
            } else if let unlocated = unlocated(line) {
                add(unlocated)
                excerptFile = nil
            }
        }
        let explained = found.contains { !$0.message.contains("command failed with exit code") }
        if explained {
            found.removeAll { $0.file == nil && $0.message.contains("command failed with exit code") }
        }
        return found
    }

    /// `FILE:LINE:COLUMN: SEVERITY: MESSAGE` or `FILE:LINE: SEVERITY: MESSAGE`.
    private static func located(_ line: Substring, root: String) -> BuildDiagnostic? {
        for severity in [BuildDiagnostic.Severity.error, .warning, .note, .remark] {
            let marker = ": \(severity.rawValue): "
            guard let range = line.firstRange(of: marker) else { continue }
            let place = line[..<range.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard place.count >= 2, let lineNumber = Int(place[place.count >= 3 ? place.count - 2 : 1]) else {
                continue
            }
            let hasColumn = place.count >= 3 && Int(place[place.count - 1]) != nil
            let fileParts = place.dropLast(hasColumn ? 2 : 1)
            var file = fileParts.joined(separator: ":")
            guard file.hasPrefix("/") || file.hasSuffix(".swift") else { continue }
            guard !hasColumn || Int(place[place.count - 2]) != nil else { continue }
            if file.hasPrefix(root + "/") { file.removeFirst(root.count + 1) }
            return BuildDiagnostic(
                file: file, line: lineNumber, column: hasColumn ? Int(place[place.count - 1]) : nil,
                severity: severity, message: String(line[range.upperBound...]))
        }
        return nil
    }

    /// `error: MESSAGE` or `TOOL: error: MESSAGE` (`ld.lld: error: …`, `clang: error: …`).
    private static func unlocated(_ line: Substring) -> BuildDiagnostic? {
        for severity in [BuildDiagnostic.Severity.error, .warning] {
            let marker = "\(severity.rawValue): "
            if line.hasPrefix(marker) {
                return BuildDiagnostic(
                    file: nil, line: nil, column: nil, severity: severity, message: String(line.dropFirst(marker.count))
                )
            }
            if let range = line.firstRange(of: ": " + marker), !line[..<range.lowerBound].contains(" ") {
                let tool = line[..<range.lowerBound].split(separator: "/").last ?? ""
                return BuildDiagnostic(
                    file: nil, line: nil, column: nil, severity: severity,
                    message: tool + ": " + line[range.upperBound...])
            }
        }
        return nil
    }

    /// An excerpt's numbered line: ` 12 | source`.
    private static func excerptSourceLine(_ line: Substring) -> (Int, Substring)? {
        let trimmed = line.drop { $0 == " " }
        guard let bar = trimmed.firstRange(of: " | ") ?? trimmed.firstRange(of: " |"),
            let number = Int(trimmed[..<bar.lowerBound])
        else { return nil }
        return (number, trimmed[bar.upperBound...])
    }

    /// An excerpt's marker line: `   |       `- note: MESSAGE`, with the column of the backtick.
    private static func excerptMarker(_ line: Substring) -> (Int, BuildDiagnostic.Severity, String)? {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("|") else { return nil }
        let afterBar = trimmed.dropFirst().dropFirst()  // "| "
        guard let tick = afterBar.firstRange(of: "`- ") else { return nil }
        let rest = afterBar[tick.upperBound...]
        for severity in [BuildDiagnostic.Severity.error, .warning, .note, .remark] {
            let marker = "\(severity.rawValue): "
            if rest.hasPrefix(marker) {
                let column = afterBar.distance(from: afterBar.startIndex, to: tick.lowerBound) + 1
                return (column, severity, String(rest.dropFirst(marker.count)))
            }
        }
        return nil
    }
}

extension BuildReport {
    /// The report with each diagnostic's source line, read from its file under `root`.
    package func withSources(root: String) -> BuildReport {
        var copy = self
        var files: [String: [Substring]] = [:]
        for index in copy.diagnostics.indices {
            guard let file = copy.diagnostics[index].file, let line = copy.diagnostics[index].line, line > 0 else {
                continue
            }
            let path = file.hasPrefix("/") ? file : root + "/" + file
            if files[path] == nil {
                files[path] = (readTextFile(path) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            }
            if let lines = files[path], line <= lines.count {
                copy.diagnostics[index].source = String(lines[line - 1])
            }
        }
        return copy
    }
}
