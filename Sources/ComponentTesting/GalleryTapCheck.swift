import Components
import HTTPCore
import HTTPTesting
import PreviewApp

/// The gallery's promise that a tap without script shows its outcome where it lands, checked for any set
/// of modules: on each stateful component's page (`/components/{name}`), its live instance is a form that
/// comes back to that page. For the first example tap on the instance's target (`exampleTaps`), sent
/// without script as a form would send it:
/// - rolled back: the page after the `303` shows something more (the failure's message), and the page
///   after that shows the instance exactly as before the tap (the message was shown once);
/// - committed: the page after the `303` shows the instance changed, and so does the page after that (an
///   animation may have played once).
///
/// ```swift
/// @Test func aTapWithoutScriptShowsItsOutcomeInTheGallery() async throws {
///     #expect(try await GalleryTapCheck.problems { MyComponents.modules($0) } == [])
/// }
/// ```
public enum GalleryTapCheck {
    static let viewer = "gallerytapcheck"

    /// What went wrong, one line each; empty when every stateful component's live instance shows its
    /// taps' outcomes.
    public static func problems(
        options: PreviewOptions = PreviewOptions(),
        components: @escaping (ComponentContext) -> [any ComponentModule]
    ) async throws -> [String] {
        let app = try Application(options: options.forChecks, components: components)
        var problems: [String] = []
        for module in app.modules where module.keptState != nil {
            guard let preview = module.preview else { continue }
            problems += try await check(preview, module, in: app)
        }
        return problems
    }

    private static func check(
        _ preview: ComponentPreview, _ module: any ComponentModule, in app: Application
    )
        async throws -> [String]
    {
        guard let (tap, page) = galleryPage(of: preview, showing: module.checkedTaps) else {
            return [
                "\(preview.name): no example tap acts on a target its gallery page can show (the default "
                    + "instance, or a parameter named as the tap's target field)"
            ]
        }
        let target = tap.target
        func live() async throws -> String? {
            let answer = try await app.responder.test(.get, page, headers: ["Cookie": "viewer=\(viewer)"])
            return answer.status == .ok ? liveInstance(in: answer.bodyText) : nil
        }
        guard let before = try await live() else {
            return ["\(preview.name): GET \(page) shows no live instance of \(target)"]
        }
        var problems: [String] = []
        let returnTo = page + "#live"
        for outcome in ["always", "never"] {
            let shown = try await live()
            let body = tap.body + "&" + FormFields([.init(name: "return_to", value: returnTo)]).encoded
            let answer = try await app.responder.test(
                .post, tap.path, headers: ["Cookie": "viewer=\(viewer)", "X-Simulate-Failure": outcome],
                body: body)
            let step =
                "\(preview.name): POST \(tap.path) \(tap.body) without script ("
                + (outcome == "never" ? "committed" : "rolled back") + ")"
            guard answer.status == .seeOther, answer.headers["Location"] == returnTo else {
                problems.append(
                    "\(step) answers \(answer.status.code) to \(answer.headers["Location"] ?? "nowhere"), "
                        + "not 303 to \(returnTo)")
                continue
            }
            let after = try await live()
            let again = try await live()
            if outcome == "always" {
                if after == shown {
                    problems.append("\(step): the page after it shows no message")
                }
                if again != before {
                    problems.append("\(step): the page after that is not the instance as before the tap")
                }
            } else {
                if after == shown {
                    problems.append("\(step): the page after it shows no change")
                }
                if again == shown {
                    problems.append("\(step): the page after that shows the instance as before the tap")
                }
            }
        }
        return problems
    }

    /// An example tap and the gallery page whose live instance is its target: the page of the default
    /// values when they show a tap's target, else the page with the parameter that names a tap's target
    /// (a parameter named as the tap's field whose value is the target: `post=p1`).
    static func galleryPage(of preview: ComponentPreview, showing taps: [ExampleTap]) -> (ExampleTap, String)? {
        let page = "/components/\(preview.name)"
        if let defaults = try? preview.values(given: { _ in nil }),
            let tap = taps.first(where: { $0.target == preview.instance(defaults) })
        {
            return (tap, page)
        }
        for tap in taps {
            guard let body = try? FormFields(decoding: Array(tap.body.utf8)) else { continue }
            for field in body.fields where field.value == tap.target {
                guard preview.parameters.contains(where: { $0.name == field.name }),
                    let values = try? preview.values(given: { $0 == field.name ? field.value : nil }),
                    preview.instance(values) == tap.target
                else { continue }
                return (tap, page + "?" + FormFields([field]).encoded)
            }
        }
        return nil
    }

    /// The live instance's markup on a component page (`/components/{name}`), without its sources; `nil`
    /// when the page has none.
    public static func liveInstance(in page: String) -> String? {
        guard let section = page.firstRange(of: #"id="live""#),
            let start = page[section.upperBound...].firstRange(of: #"<div class="variant-preview">"#),
            let end = page[start.upperBound...].firstRange(of: #"<div class="sources">"#)
        else { return nil }
        return String(page[start.upperBound..<end.lowerBound])
    }
}
