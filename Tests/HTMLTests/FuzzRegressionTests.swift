import Foundation
import FuzzProperties
import HTML
import Testing

/// The properties of the fuzz target `fuzz-html` (`Sources/Fuzz/fuzz-html`), checked on every
/// `swift test`: on its seeds (`Tests/Fuzz/Seeds/fuzz-html`), on inputs that once crashed the fuzzer,
/// and on a fixed set of mutations of the seeds. The property itself lives in `Sources/FuzzProperties`,
/// shared with the fuzz target. `scripts/fuzz` explores further.
@Suite struct FuzzRegressionTests {
    /// Inputs the fuzzer crashed on: each stays here once fixed. None found so far.
    static let crashes: [[UInt8]] = []

    @Test func seedsExist() {
        #expect(Self.seeds().count >= 5)
    }

    @Test func escapingHoldsOnSeedsCrashesAndMutations() {
        let seeds = Self.seeds()
        var generator = MutationGenerator(interesting: Self.interesting)
        for input in seeds + Self.crashes + generator.mutations(of: seeds) {
            #expect(HTMLEscapingProperty.check(input) == nil, "input \(input)")
        }
    }

    @Test func theUnescaperUndoesEachEntity() {
        #expect(
            HTMLEscapingProperty.unescaped(Array("&amp;lt; &lt;&gt;&quot;&#39;&x".utf8)) == Array("&lt; <>\"'&x".utf8))
    }

    static func seeds() -> [[UInt8]] {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Seeds/fuzz-html")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            (try? Data(contentsOf: folder.appendingPathComponent(name))).map { Array($0) }
        }
    }

    /// Bytes that matter to escaping and to the well-formedness check.
    static let interesting: [UInt8] = Array("<>&\"'=/!-;#x ".utf8) + [0x00, 0x0A, 0x7F, 0xC3, 0xA9, 0xE5, 0xFF]
}
