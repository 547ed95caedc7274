import Testing

@testable import HTTPCore

@Suite struct LiteralPathsTests {
    /// A table whose handlers tell which path they were made for.
    private static func table(_ paths: [String]) -> LiteralPaths {
        var byPath: [String: MethodTable] = [:]
        for path in paths {
            var handlers = MethodTable()
            handlers[.get] = RouteHandler { _ in .response(.text(path)) }
            byPath[path] = handlers
        }
        return LiteralPaths(byPath)
    }

    private static func answer(_ table: LiteralPaths, _ path: String) throws -> String? {
        guard let handler = table[path]?[.get] else { return nil }
        guard case .response(let response) = try handler.run(HTTPRequest(method: .get, target: path)) else {
            return nil
        }
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test func everyPathFindsItsOwnHandlers() throws {
        // Many more paths than the first table size: the table grows and each path keeps its own slot.
        let paths = (0..<300).map { "/components/c\($0)/tap" } + ["/", "/feed", "/components/like/tap"]
        let table = Self.table(paths)
        #expect(table.count == paths.count)
        for path in paths {
            #expect(try Self.answer(table, path) == path)
        }
    }

    @Test func pathsNotInTheTableAreNotFound() throws {
        let table = Self.table(["/feed", "/posts", "/components/like/tap"])
        for path in ["", "/fee", "/feed/", "/FEED", "/components/like/tap?x", "/components/like/taps", "/p%6fsts"] {
            #expect(table[path] == nil, "\(path)")
        }
    }

    @Test func aFullProbeEndsAtAnEmptySlot() throws {
        // One path in a table of eight slots: every other path probes and stops at an empty slot.
        let table = Self.table(["/only"])
        for index in 0..<100 {
            #expect(table["/other\(index)"] == nil)
        }
        #expect(try Self.answer(table, "/only") == "/only")
    }

    @Test func anEmptyTableFindsNothing() {
        #expect(Self.table([])["/"] == nil)
    }
}
