import Foundation
import FuzzProperties
import HTTPCore
import Testing

/// The properties of the fuzz targets `fuzz-form`, `fuzz-router` and `fuzz-cookies` (`Sources/Fuzz`),
/// checked on every `swift test`: on their seeds (`Tests/Fuzz/Seeds`), on inputs that once crashed a
/// fuzzer, and on a fixed set of mutations of the seeds. The properties themselves live in
/// `Sources/FuzzProperties`, shared with the fuzz targets. `scripts/fuzz` explores further.
@Suite struct FuzzRegressionTests {
    /// Inputs a fuzzer crashed on, by target: each stays here once fixed. None found so far.
    static let crashes: [String: [[UInt8]]] = [:]

    // MARK: fuzz-form

    @Test func formSeedsExist() {
        #expect(FuzzInputs.seeds("fuzz-form").count >= 5)
    }

    @Test func formDecodingRoundTrips() {
        for input in FuzzInputs.all("fuzz-form", crashes: Self.crashes) {
            #expect(FormProperty.check(input) == nil, "input \(input)")
        }
    }

    @Test func formRoundTripExamples() throws {
        let form = try FormFields(decoding: Array("a=%20+b&&=&x=%E5%A4%A7&k=v=w".utf8))
        #expect(form.encoded == "a=%20%20b&=&x=%E5%A4%A7&k=v%3Dw")
        #expect(try FormFields(decoding: Array(form.encoded.utf8)) == form)
        #expect(FormProperty.check(Array("a=%4".utf8)) == nil)
        #expect(FormProperty.check([UInt8(ascii: "a"), UInt8(ascii: "="), 0xFF]) == nil)
    }

    // MARK: fuzz-router

    @Test func routerSeedsExist() {
        #expect(FuzzInputs.seeds("fuzz-router").count >= 10)
    }

    @Test func routingAnswersOnlyExpectedStatuses() {
        for input in FuzzInputs.all("fuzz-router", crashes: Self.crashes) {
            #expect(RouterProperty.check(input) == nil, "input \(input)")
        }
    }

    @Test func routerSeedStatuses() {
        // The seeds cover each status the property allows.
        let statuses = Set(FuzzInputs.seeds("fuzz-router").compactMap(RouterProperty.status))
        #expect(statuses == [200, 400, 404, 405])
    }

    // MARK: fuzz-cookies

    @Test func cookieSeedsExist() {
        #expect(FuzzInputs.seeds("fuzz-cookies").count >= 5)
    }

    @Test func cookieNamesAreNonEmptyAndClean() {
        for input in FuzzInputs.all("fuzz-cookies", crashes: Self.crashes) {
            #expect(CookieProperty.check(input) == nil, "input \(input)")
        }
    }
}

/// Seeds from `Tests/Fuzz/Seeds/<target>`, and deterministic mutations of them.
enum FuzzInputs {
    static let seedsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Seeds")

    static func seeds(_ target: String) -> [[UInt8]] {
        let folder = seedsFolder.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            (try? Data(contentsOf: folder.appendingPathComponent(name))).map { Array($0) }
        }
    }

    /// The seeds, the recorded crashes, and 100 mutations of each seed.
    static func all(_ target: String, crashes: [String: [[UInt8]]]) -> [[UInt8]] {
        let seeds = seeds(target)
        var generator = MutationGenerator(interesting: interesting)
        return seeds + (crashes[target] ?? []) + generator.mutations(of: seeds)
    }

    /// Bytes that matter to the parsers under test, inserted or substituted by the mutations.
    static let interesting: [UInt8] = Array("%&=+;/?#<>\"' \t0aFz".utf8) + [0x00, 0x7F, 0xC3, 0xA9, 0xE5, 0xFF]
}
