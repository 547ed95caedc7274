import Foundation
import HTTPCore
import Testing

/// The properties of the fuzz targets `fuzz-form`, `fuzz-router` and `fuzz-cookies` (`Sources/Fuzz`),
/// checked on every `swift test`: on their seeds (`Tests/Fuzz/Seeds`), on inputs that once crashed a
/// fuzzer, and on a fixed set of mutations of the seeds. `scripts/fuzz` explores further.
@Suite struct FuzzRegressionTests {
    /// Inputs a fuzzer crashed on, by target: each stays here once fixed. None found so far.
    static let crashes: [String: [[UInt8]]] = [:]

    // MARK: fuzz-form

    @Test func formSeedsExist() {
        #expect(FuzzInputs.seeds("fuzz-form").count >= 5)
    }

    @Test func formDecodingRoundTrips() {
        for input in FuzzInputs.all("fuzz-form", crashes: Self.crashes) {
            #expect(FormProperty.problems(input) == [], "input \(input)")
        }
    }

    @Test func formRoundTripExamples() throws {
        let form = try FormFields(decoding: Array("a=%20+b&&=&x=%E5%A4%A7&k=v=w".utf8))
        #expect(form.encoded == "a=%20%20b&=&x=%E5%A4%A7&k=v%3Dw")
        #expect(try FormFields(decoding: Array(form.encoded.utf8)) == form)
        #expect(FormProperty.problems(Array("a=%4".utf8)) == [])
        #expect(FormProperty.problems([UInt8(ascii: "a"), UInt8(ascii: "="), 0xFF]) == [])
    }

    // MARK: fuzz-router

    @Test func routerSeedsExist() {
        #expect(FuzzInputs.seeds("fuzz-router").count >= 10)
    }

    @Test func routingAnswersOnlyExpectedStatuses() {
        for input in FuzzInputs.all("fuzz-router", crashes: Self.crashes) {
            #expect(RouterProperty.problems(input) == [], "input \(input)")
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
            #expect(CookieProperty.problems(input) == [], "input \(input)")
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
        var generator = SplitMix(state: 0x5EED)
        var inputs = seeds + (crashes[target] ?? [])
        for seed in seeds {
            for _ in 0..<100 {
                inputs.append(mutate(seed, using: &generator))
            }
        }
        return inputs
    }

    /// Bytes that matter to the parsers under test, inserted or substituted by the mutations.
    static let interesting: [UInt8] = Array("%&=+;/?#<>\"' \t0aFz".utf8) + [0x00, 0x7F, 0xC3, 0xA9, 0xE5, 0xFF]

    static func mutate(_ seed: [UInt8], using generator: inout SplitMix) -> [UInt8] {
        var bytes = seed
        for _ in 0...Int.random(in: 0..<4, using: &generator) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &generator)
            let byte =
                Bool.random(using: &generator)
                ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: bytes.insert(byte, at: position)
            case 1 where position < bytes.count: bytes[position] = byte
            default: if position < bytes.count { bytes.remove(at: position) }
            }
        }
        return bytes
    }

    struct SplitMix: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }
}

/// `fuzz-form`: decoding never crashes; a decoded form re-encodes to the same fields; a decoded value
/// re-encodes through either encoder and decodes back; a malformed escape is reported at its `%`.
enum FormProperty {
    static func problems(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        if let form = try? FormFields(decoding: bytes) {
            let fromSlice = try? FormFields(decoding: ([0] + bytes).dropFirst())
            if fromSlice.map(fieldBytes) != fieldBytes(form) {
                problems.append("decoding an ArraySlice differs")
            }
            let encoded = form.encoded
            if let again = try? FormFields(decoding: Array(encoded.utf8)) {
                if again != form || fieldBytes(again) != fieldBytes(form) {
                    problems.append("\(encoded) decodes to different fields")
                }
            } else {
                problems.append("\(encoded) does not decode")
            }
        }
        for plusAsSpace in [true, false] {
            do {
                let decoded = try PercentEncoding.decode(bytes, plusAsSpace: plusAsSpace)
                for encoded in [PercentEncoding.encodeQueryValue(decoded), PercentEncoding.encodePathSegment(decoded)] {
                    if !encoded.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "+") }) {
                        problems.append("\(encoded) has a byte that needs escaping")
                    }
                    let back = try? PercentEncoding.decode(Array(encoded.utf8), plusAsSpace: plusAsSpace)
                    if back.map({ Array($0.utf8) }) != Array(decoded.utf8) {
                        problems.append("\(encoded) does not decode back")
                    }
                }
            } catch {
                if case .malformedEscape(let offset) = error,
                    !bytes.indices.contains(offset) || bytes[offset] != UInt8(ascii: "%")
                {
                    problems.append("malformedEscape(offset: \(offset)) does not point at a %")
                }
            }
        }
        return problems
    }

    static func fieldBytes(_ form: FormFields) -> [[UInt8]] {
        form.fields.flatMap { [Array($0.name.utf8), Array($0.value.utf8)] }
    }
}

/// `fuzz-router`: routing never crashes and answers at once with 200, 400, 404 or 405; handlers find
/// their parameters; a 405's `Allow` omits the method and lists HEAD whenever it lists GET.
enum RouterProperty {
    static let methods: [HTTPMethod] = [
        .get, .head, .post, .put, .delete, .patch, .options, HTTPMethod(rawValue: "BREW"), HTTPMethod(rawValue: ""),
    ]

    /// The routes of `Sources/Fuzz/fuzz-router/main.swift`; a handler answers 500 if its parameters are wrong.
    static let responder: RouterResponder = {
        var router = Router()
        router.get("/") { _ in .text("index") }
        router.get("/healthz") { _ in .text("ok") }
        router.get("/users/me") { _ in .text("me") }
        router.get("/users/:uid") { try echo($0, ["uid"]) }
        router.post("/users/:uid/follow") { try echo($0, ["uid"]) }
        router.get("/users/:uid/posts/:post") { try echo($0, ["uid", "post"]) }
        router.get("/public/*path") { try echo($0, [], rest: "path") }
        router.group("/api") { api in
            api.get("/posts/:id") { try echo($0, ["id"]) }
            api.post("/posts/:id/like") { try echo($0, ["id"]) }
            api.group("/v2") { v2 in
                v2.get("/files/*rest") { try echo($0, [], rest: "rest") }
                v2.add(.delete, "/posts/:id", handler: .sync { try echo($0, ["id"]) })
            }
        }
        router.group("/components") { components in
            components.post("/like/tap") { request in
                _ = request.query["post"]
                return .text("tapped")
            }
        }
        return router.buildResponder()
    }()

    static func echo(_ request: HTTPRequest, _ names: [String], rest: String? = nil) throws -> HTTPResponse {
        for name in names where (request.parameters[name] ?? "").isEmpty {
            throw HTTPError(.internalServerError, "the handler got no :\(name)")
        }
        if let rest, request.parameters[rest] == nil {
            throw HTTPError(.internalServerError, "the handler got no *\(rest)")
        }
        return .text("ok")
    }

    /// The response to an input: the first byte picks the method, the rest is the target.
    static func respond(_ bytes: [UInt8]) -> (HTTPMethod, HTTPOutcome?)? {
        guard let selector = bytes.first else { return nil }
        let method = methods[Int(selector) % methods.count]
        let target = String(decoding: bytes.dropFirst(), as: UTF8.self)
        guard let request = try? HTTPRequest(method: method, target: target) else { return (method, nil) }
        return (method, responder.respond(to: request))
    }

    static func status(_ bytes: [UInt8]) -> Int? {
        guard let (_, outcome) = respond(bytes) else { return nil }
        guard let outcome else { return 400 }
        guard case .response(let response) = outcome else { return nil }
        return response.status.code
    }

    static func problems(_ bytes: [UInt8]) -> [String] {
        guard let (method, outcome) = respond(bytes), let outcome else { return [] }
        guard case .response(let response) = outcome else { return ["deferred work from a synchronous route"] }
        switch response.status.code {
        case 200, 400, 404:
            return []
        case 405:
            let allowed = (response.headers["Allow"] ?? "").split(separator: ",").map { $0.trimmingPrefix(" ") }
            var problems: [String] = []
            if allowed.isEmpty { problems.append("405 without Allow") }
            if allowed.contains(where: { $0 == method.rawValue }) { problems.append("405 but Allow lists \(method)") }
            if allowed.contains("GET") && !allowed.contains("HEAD") { problems.append("Allow lists GET, not HEAD") }
            return problems
        default:
            return ["status \(response.status): \(response.bodyText)"]
        }
    }
}

/// `fuzz-cookies`: parsed names are non-empty, trimmed, without `;` or `=`; values have no `;`.
enum CookieProperty {
    static func problems(_ bytes: [UInt8]) -> [String] {
        let cookies = Cookies(header: String(decoding: bytes, as: UTF8.self))
        var problems: [String] = []
        let blanks: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: "\t")]
        for (name, value) in cookies.values {
            let utf8 = Array(name.utf8)
            if utf8.isEmpty { problems.append("an empty name") }
            if utf8.contains(UInt8(ascii: ";")) || utf8.contains(UInt8(ascii: "=")) {
                problems.append("the name \(name) contains ; or =")
            }
            if let first = utf8.first, let last = utf8.last, blanks.contains(first) || blanks.contains(last) {
                problems.append("the name \(name) is not trimmed")
            }
            if value.utf8.contains(UInt8(ascii: ";")) { problems.append("the value \(value) contains ;") }
        }
        return problems
    }
}
