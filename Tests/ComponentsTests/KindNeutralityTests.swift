import Foundation
import Testing

/// The kit's edges know no kind: the service, the state database, the event log, the optimistic core and
/// the browser script carry every kind alike, so no name of the toggle's or the comment box's (their
/// types, their old tables) may be used there. A special case of theirs added back fails here.
@Suite struct KindNeutralityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let sources = root + "/Sources"
    static let kit = sources + "/Components"

    /// The folders that must name no kind, below `Sources`: the kit's edges and the app's state store.
    static let neutral = [
        "Components/Seam/Service", "Components/Runtime/Simulation", "Components/Seam/State",
        "Components/Runtime/State", "Components/Seam/Events", "Components/Runtime/Optimistic", "StateStore",
    ]
    /// Translations of what earlier servers wrote, whose formats were a toggle's and a comment box's: read
    /// once, on the first start, and kept in a folder of their own so that nothing else joins them unseen.
    static let legacy = "StateStore/Legacy/"

    /// Every type the toggle and comment kinds declare at the top level, and the old types and tables.
    static func kindNames() throws -> Set<String> {
        var names: Set<String> = ["ToggleRequest", "CommentRequest", "ToggleService", "toggle_members"]
        for folder in ["Seam/Toggle", "Runtime/Toggle", "Seam/Comments", "Runtime/Comments"] {
            for file in try swiftFiles(in: kit + "/" + folder) {
                let code = try String(contentsOfFile: file, encoding: .utf8)
                // Declared at the top level (nested names such as `Key` are the kind's own words).
                for line in code.split(separator: "\n") {
                    if let match = line.wholeMatch(
                        of: #/(?:public |package )?(?:final )?(?:struct|class|enum|protocol|typealias|actor)\s+(\w+).*/#
                    ) {
                        names.insert(String(match.output.1))
                    }
                }
            }
        }
        return names
    }

    static func swiftFiles(in folder: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
            .map { folder + "/" + $0 }
    }

    /// The lines of `text` that are code, not comments (`//` and `///` lines, and what follows `//`).
    static func codeLines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            return String(code)
        }
    }

    static func words(_ line: String) -> [String] {
        line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
    }

    @Test func theKitsEdgesNameNoKind() throws {
        let names = try Self.kindNames()
        #expect(names.contains("ToggleState") && names.contains("CommentThread") && names.contains("Membership"))
        var found: [String] = []
        for folder in Self.neutral {
            for file in try Self.swiftFiles(in: Self.sources + "/" + folder) {
                let relative = String(file.dropFirst(Self.sources.count + 1))
                guard !relative.hasPrefix(Self.legacy) else { continue }
                let lines = Self.codeLines(try String(contentsOfFile: file, encoding: .utf8))
                for (number, line) in lines.enumerated() {
                    for word in Self.words(line) where names.contains(word) {
                        found.append("\(relative):\(number + 1): \(word)")
                    }
                }
            }
        }
        #expect(found == [], "a kind's name at the kit's edges")
    }

    @Test func theOldTypesAreGoneEverywhere() throws {
        var found: [String] = []
        for file in try Self.swiftFiles(in: Self.root + "/Sources") {
            let lines = Self.codeLines(try String(contentsOfFile: file, encoding: .utf8))
            for (number, line) in lines.enumerated() {
                for word in Self.words(line) where ["ToggleRequest", "CommentRequest", "ToggleService"].contains(word) {
                    found.append("\(file.dropFirst(Self.root.count + 1)):\(number + 1): \(word)")
                }
            }
        }
        #expect(found == [])
    }

    @Test func theBrowserScriptNamesNoComponentOrKind() throws {
        let script = try String(contentsOfFile: Self.root + "/Public/app.js", encoding: .utf8)
        let forbidden: Set<String> = [
            "toggle", "like", "liked", "likes", "follow", "following", "comment", "comments", "avatar", "rating",
            "stars", "member", "members",
        ]
        var found: [String] = []
        for (number, line) in Self.codeLines(script).enumerated() {
            for word in Self.words(line) where forbidden.contains(word.lowercased()) {
                found.append("app.js:\(number + 1): \(word)")
            }
        }
        #expect(found == [], "the browser script names a kind or a component")
    }
}
