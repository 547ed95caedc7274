import DevSupervisor
import Foundation
import Testing

/// Diagnostics read from real `swift build` output (kept in Fixtures/, made with Swift 6.3 on Linux from
/// a package at /tmp/diag): compiler errors, a warning with a note, a linker error at a caller, and one
/// about no file.
@Suite struct BuildReportTests {
    static func fixture(_ name: String) throws -> String {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func compilerErrorsAreReadOnceEachThoughTwoJobsPrintThem() throws {
        let report = BuildReport(output: try Self.fixture("swift-build-error.txt"), root: "/tmp/diag")
        #expect(
            report.diagnostics == [
                BuildDiagnostic(
                    file: "Sources/Demo/main.swift", line: 3, column: 18, severity: .error,
                    message: "cannot convert value of type 'String' to specified type 'Int'"),
                BuildDiagnostic(
                    file: "Sources/Demo/main.swift", line: 4, column: 20, severity: .error,
                    message: "cannot convert value of type 'Int' to expected argument type 'String'"),
            ])
        // "emit-module command failed" explains nothing the two errors do not.
        #expect(!report.summary.contains("command failed"))
        #expect(report.summary.hasPrefix("Sources/Demo/main.swift:3:18: error: cannot convert"))
    }

    @Test func warningsAndTheNotesInsideExcerptsAreRead() throws {
        let report = BuildReport(output: try Self.fixture("swift-build-warning-note.txt"), root: "/tmp/diag")
        #expect(
            report.diagnostics == [
                BuildDiagnostic(
                    file: "Sources/Demo/main.swift", line: 5, column: 7, severity: .error,
                    message: "cannot use mutating member on immutable value: 'items' is a 'let' constant"),
                BuildDiagnostic(
                    file: "Sources/Demo/main.swift", line: 4, column: 1, severity: .note,
                    message: "change 'let' to 'var' to make it mutable"),
                BuildDiagnostic(
                    file: "Sources/Demo/main.swift", line: 2, column: 9, severity: .warning,
                    message: "initialization of immutable value 'unused' was never used; consider replacing with "
                        + "assignment to '_' or removing it [#no-usage]"),
            ])
    }

    @Test func linkerErrorsWithAndWithoutAFileAreRead() throws {
        let report = BuildReport(output: try Self.fixture("swift-build-linker.txt"), root: "/tmp/diag")
        #expect(
            report.diagnostics == [
                BuildDiagnostic(
                    file: "Sources/Demo/main.swift", line: 3, column: nil, severity: .error,
                    message: "undefined reference to 'preview_missing_symbol'")
            ])
        // A library the linker cannot find: no file to point at.
        let missing = BuildReport(output: try Self.fixture("swift-build-linker-without-file.txt"), root: "/tmp/diag")
        #expect(
            missing.diagnostics == [
                BuildDiagnostic(
                    file: nil, line: nil, column: nil, severity: .error,
                    message: "ld.gold: cannot find -lpreviewnotthere")
            ])
        #expect(missing.summary == "error: ld.gold: cannot find -lpreviewnotthere")
        let bare = BuildReport(
            output: "[6/8] Linking app\nld.lld: error: undefined symbol: $s4Demo7missingyyF\n"
                + "error: link command failed with exit code 1 (use -v to see invocation)\n",
            root: "/tmp/diag")
        #expect(
            bare.diagnostics == [
                BuildDiagnostic(
                    file: nil, line: nil, column: nil, severity: .error,
                    message: "ld.lld: undefined symbol: $s4Demo7missingyyF")
            ])
        // With nothing else to go on, the generic line is kept.
        let only = BuildReport(output: "error: link command failed with exit code 1\n", root: "/")
        #expect(only.diagnostics.map(\.message) == ["link command failed with exit code 1"])
    }

    @Test func theJSONHoldsEveryFieldAndEscapesTheMessage() throws {
        let report = BuildReport(
            diagnostics: [
                BuildDiagnostic(
                    file: "Sources/A.swift", line: 1, column: 2, severity: .error,
                    message: "expected \"<script>\" \\ here", source: "let a = \"<b>\"")
            ], output: "line one\nline two")
        let parsed = try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any]
        let diagnostic = (parsed?["diagnostics"] as? [[String: Any]])?.first
        #expect(diagnostic?["file"] as? String == "Sources/A.swift")
        #expect(diagnostic?["line"] as? Int == 1)
        #expect(diagnostic?["column"] as? Int == 2)
        #expect(diagnostic?["severity"] as? String == "error")
        #expect(diagnostic?["message"] as? String == "expected \"<script>\" \\ here")
        #expect(diagnostic?["source"] as? String == "let a = \"<b>\"")
        #expect(parsed?["output"] as? String == "line one\nline two")
        #expect(!report.json.contains("\n"))
    }

    @Test func sourceLinesAreReadFromTheFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Sources/Demo"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "func tally() {\n    let unused = 1\n}\n".write(
            to: root.appendingPathComponent("Sources/Demo/main.swift"), atomically: false, encoding: .utf8)
        let report = BuildReport(
            output: "\(root.path)/Sources/Demo/main.swift:2:9: warning: never used\n", root: root.path
        ).withSources(root: root.path)
        #expect(report.diagnostics.first?.file == "Sources/Demo/main.swift")
        #expect(report.diagnostics.first?.source == "    let unused = 1")
    }

    @Test func longOutputKeepsItsEnd() {
        let output = String(repeating: "x", count: 100_000) + "\nerror: the end\n"
        let report = BuildReport(output: output, root: "/")
        #expect(report.output.utf8.count < 70_000)
        #expect(report.output.hasSuffix("error: the end\n"))
    }
}
