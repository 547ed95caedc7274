import Components
import Demo
import Foundation
import HTML
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// The Swift the gallery shows for each variant: generated from the same values that render it, compiled
/// and run by `VariantCalls.swift` (kept current here), and escaped correctly.
@Suite struct VariantCallsFileTests {
    @Test func theGeneratedFileIsCurrent() throws {
        let file = try String(contentsOfFile: PackagePaths.root + "/" + VariantCallsFile.path, encoding: .utf8)
        #expect(
            file == VariantCallsFile.source(catalog: .demo, imports: ["Demo"]),
            "VariantCalls.swift is stale: run scripts/generate-variant-calls")
    }

    /// A parameter's argument label where it is not the parameter's name in camel case.
    static let labels = ["image": "imageURL", "name": "displayName", "return_to": "returnTo"]

    static let variants = ComponentCatalog.demo.all.flatMap { preview in
        preview.variants.map { (preview.name, $0.slug) }
    }

    /// The self-managed call names every parameter whose value differs from its default, with that value.
    @Test(arguments: variants)
    func theSelfManagedCallNamesEveryParameterThatDiffersFromItsDefault(_ component: String, _ slug: String) throws {
        let preview = try #require(ComponentCatalog.demo.named(component))
        let variant = try #require(preview.variants.first { $0.slug == slug })
        let values = preview.values(of: variant)
        let call = preview.swift(values, configuration: .selfManaged)
        for parameter in preview.parameters where values[parameter.name] != parameter.defaultValue {
            let value = values[parameter.name]
            let label = Self.labels[parameter.name] ?? parameter.name
            let expected: String =
                switch parameter.kind {
                case .boolean: value
                case .integer: SwiftLiteral.integer(Int(value)!)
                case .choice: "." + value
                default: value.isEmpty ? "nil" : SwiftLiteral.string(value)
                }
            let argument = call.arguments.first { $0.label == label }
            #expect(argument?.source == expected, "\(component) \(slug): \(label) in \(call.source)")
        }
        #expect(call.callee == preview.title + ".selfManaged")
    }

    @Test func swiftLiteralsEscapeQuotesBackslashesAndInvisibleCharacters() {
        #expect(SwiftLiteral.string(#"Tim "TBL" <Berners-Lee> & Co's"#) == #""Tim \"TBL\" <Berners-Lee> & Co's""#)
        #expect(SwiftLiteral.string(#"a\b"#) == #""a\\b""#)
        #expect(SwiftLiteral.string("line\nnext\ttab\r\0") == #""line\nnext\ttab\r\0""#)
        #expect(SwiftLiteral.string("大V é 😀") == #""大V é 😀""#, "visible non-ASCII text stays as it is")
        #expect(SwiftLiteral.string("a\u{202E}b\u{200B}\u{7F}") == #""a\u{202E}b\u{200B}\u{7F}""#)
        #expect(SwiftLiteral.integer(2_500_000_000) == "2_500_000_000")
        #expect(SwiftLiteral.integer(999) == "999")
    }

    /// A hostile display name and post id: a correct Swift literal in the Swift panel, text in the HTML.
    @Test(arguments: [
        ("avatar", "name", #"Tim "TBL" <script>alert(1)</script> \ 大V"# + "\u{202E}"),
        ("like", "post", #"p"><script>alert(1)</script>\"#),
    ])
    func hostileValuesAreCorrectLiteralsInTheSwiftPanelAndInertInThePage(
        _ component: String, _ parameter: String, _ value: String
    ) async throws {
        let query = FormFields([FormFields.Field(name: parameter, value: value)]).encoded
        let response = try await makeApp().responder.test(.get, "/components/\(component)?\(query)")
        #expect(response.status == .ok)
        let page = response.bodyText
        #expect(!page.contains("<script>alert"), "the value must stay text")
        #expect(HTMLWellFormedness.check(response.body) == [])
        let literal = SwiftLiteral.string(value)
        let escaped = literal.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        #expect(page.contains(escaped), "the Swift panel shows \(literal)")
    }

    @Test func theComponentPageShowsBothCallsAndHowTheTapIsHandled() async throws {
        let page = try await makeApp().responder.test(.get, "/components/follow").bodyText
        #expect(page.contains("<summary>Swift</summary>"))
        #expect(page.contains(#"FollowButton.selfManaged(uid: "linus", following: false, followers: 0)"#))
        #expect(page.contains("FollowButton(\n    following: false,"))
        #expect(page.contains("<h2>How this component handles its tap</h2>"))
        #expect(page.contains("<code>Sources/Demo/FollowButton/FollowButton+SelfManaged.swift</code>"))
        #expect(page.contains("<code>POST /components/follow/tap</code> with uid, following, return_to (optional)"))
        #expect(page.contains("<li><code>403</code> The viewer is the user: no one follows themselves.</li>"))
        #expect(
            page.contains(
                #"Placed by <a href="/feed">Feed (/feed)</a>, <a href="/users/ada">Profile (/users/ada)</a> and <a href="/posts/p1">Post (/posts/p1)</a>"#
            ))
    }
}
