import Components
import Demo
import Foundation
import Testing

/// The kit's browser script (`Public/app.js`) knows no component: no name, field, class, label, text or
/// number format of one. Everything it shows comes from the server (`SelfManaged`), so a component's
/// behaviour is written once, in Swift.
@Suite struct BrowserScriptTests {
    static let script = (try? String(contentsOfFile: PackagePaths.publicFolder + "/app.js", encoding: .utf8)) ?? ""

    /// Every text, class and form field the demo's components render, in every variant and configuration.
    static let rendered: (texts: Set<String>, classes: Set<String>, fields: Set<String>) = {
        var texts = Set<String>()
        var classes = Set<String>()
        var fields = Set<String>()
        for preview in ComponentCatalog.demo.all {
            for variant in preview.variants {
                for configuration in ComponentPreview.Configuration.allCases {
                    var parameters = variant.parameters
                    parameters.append(("config", configuration.rawValue))
                    guard let rendered = try? PreviewAppFragments.render(preview.name, parameters) else { continue }
                    let html = withoutOptimisticState(rendered)
                    texts.formUnion(matches(#">([^<]+)<"#, in: html))
                    for list in matches(#"class="([^"]+)""#, in: html) {
                        classes.formUnion(list.split(separator: " ").map(String.init))
                    }
                    if configuration == .selfManaged {  // the plain one posts the gallery's own fields
                        fields.formUnion(matches(#"name="([^"]+)""#, in: html))
                    }
                }
            }
        }
        return (texts, classes, fields)
    }()

    private static func withoutOptimisticState(_ html: String) -> String {
        html.replacingOccurrences(of: #" data-optimistic(-html)?="[^"]*""#, with: "", options: .regularExpression)
    }

    private static func matches(_ pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    private static func mentions(_ word: String) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: word)
        return script.range(of: #"(?<![\w-])"# + escaped + #"(?![\w-])"#, options: .regularExpression) != nil
    }

    /// Whether the script uses `field` as code would: a string (`'post'`), a selector (`name="post"`), a property.
    private static func uses(field: String) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: field)
        let pattern = #"['"]"# + escaped + #"['"]|name=\?["']?"# + escaped + #"(?![\w-])|\."# + escaped + #"(?![\w(-])"#
        return script.range(of: pattern, options: .regularExpression) != nil
    }

    @Test func theScriptIsThere() {
        #expect(Self.script.contains("data-self-managed"))
        #expect(Self.rendered.texts.contains("Following"), "the check reads what the components render")
        #expect(Self.rendered.classes.contains("like-button"))
        #expect(Self.rendered.fields.contains("post"))
    }

    @Test func itNamesNoComponent() {
        for preview in ComponentCatalog.demo.all {
            #expect(!Self.mentions(preview.name), "app.js names the component \(preview.name)")
            #expect(!Self.mentions(preview.title), "app.js names \(preview.title)")
        }
        for word in ["like", "follow", "liked", "following", "TOGGLES"] {
            #expect(Self.script.range(of: word, options: .caseInsensitive) == nil, "app.js says \(word)")
        }
    }

    @Test func itHoldsNoTextClassOrFieldOfOne() {
        for text in Self.rendered.texts where text.count > 1 && !text.allSatisfy(\.isNumber) {
            #expect(!Self.script.contains(text), "app.js holds a component's text: \(text)")
        }
        for name in Self.rendered.classes {
            #expect(!Self.mentions(name), "app.js names a component's class: \(name)")
        }
        // return_to is the kit's own field (every tap form's way back without script), not a component's.
        for field in Self.rendered.fields where field != "return_to" {
            #expect(!Self.uses(field: field), "app.js names a component's field: \(field)")
        }
        #expect(Self.uses(field: "return_to"), "the check finds a field the script does use")
        for failure in [LikeButton.toggle.failureMessage, FollowButton.toggle.failureMessage] {
            #expect(!Self.script.contains(failure))
        }
    }

    @Test func itFormatsNoNumber() {
        for formatter in ["toLocaleString", "Intl.", "1e3", "1e6", "1e9", "'K'", "\"K\"", "'M'", "\"M\"", "(\\d{3})"] {
            #expect(!Self.script.contains(formatter), "app.js formats numbers (\(formatter))")
        }
    }
}
