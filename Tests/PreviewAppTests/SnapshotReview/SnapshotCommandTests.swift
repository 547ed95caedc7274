import Components
import Demo
import Foundation
import Pictures
import Synchronization
import Testing

@testable import PreviewApp

/// `preview snapshots`: what it shoots and names, what it refuses (exit 2, nothing written), and a real
/// run in Chromium: baselines written, a second run that matches, and a changed baseline that makes the
/// run fail naming exactly that picture, with its current picture and diff written.
@Suite struct SnapshotCommandTests {
    private final class Lines: Sendable {
        let all = Mutex<[String]>([])
        var text: String { all.withLock { $0.joined() } }
        func add(_ line: String) { all.withLock { $0.append(line) } }
    }

    private static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "snapshots-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func run(_ arguments: [String], in folder: String) throws -> (Int32, Lines) {
        var options = try SnapshotCommand.Options.parse(arguments)
        options.baselines = folder + "/" + options.baselines
        options.output = folder + "/" + options.output
        let lines = Lines()
        let status = SnapshotCommand.run(options, components: { Demo.modules($0) }, output: lines.add)
        return (status, lines)
    }

    private static func files(in folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".png") }.sorted()
    }

    @Test func optionsAreReadAndBadOnesNamed() throws {
        let options = try SnapshotCommand.Options.parse([
            "--update", "--component", "like", "--junit=out.xml", "--tolerance", "3", "--browsers", "1",
        ])
        #expect(options.update && options.component == "like" && options.junit == "out.xml")
        #expect(options.tolerance == 3 && options.browsers == 1 && options.baselines == "Snapshots")
        #expect(throws: UsageError.self) { try SnapshotCommand.Options.parse(["--tolerance", "300"]) }
        #expect(throws: UsageError.self) { try SnapshotCommand.Options.parse(["--component"]) }
        #expect(throws: UsageError.self) { try SnapshotCommand.Options.parse(["--colour", "red"]) }
        guard case .snapshots(let parsed) = try PreviewOptions.parse(["snapshots", "--component", "avatar"]) else {
            Issue.record("snapshots is not a command")
            return
        }
        #expect(parsed.component == "avatar")
    }

    @Test func everyVariantIsShotInEveryStateAndModeUnderItsOwnName() {
        let catalog = ComponentCatalog(modules: Demo.modules(ComponentContext()))
        let states = VariantStates(catalog)
        let like = Snapshot.all(in: catalog, states: states, component: "like")
        let preview = catalog.all.first { $0.name == "like" }!
        // Every like variant has all four states: a tap on any of them shows a change at once.
        #expect(like.count == preview.variants.count * 4 * 4)
        #expect(Set(like.map(\.component)) == ["like"])
        #expect(like[0].file == "like/unliked-0-likes.shown.phone-light.png")
        #expect(like[0].path.hasPrefix("/components/like/frame?config=self-managed&post=p4&liked=false&count=0&"))
        #expect(!like[0].path.contains("state="))
        #expect(like.prefix(4).map(\.mode.name) == ["phone-light", "phone-dark", "desktop-light", "desktop-dark"])
        #expect(
            like[4..<16].map(\.state)
                == ["optimistic", "committed", "rolled-back"].flatMap {
                    Array(repeating: $0, count: 4)
                })
        #expect(like[4].path == like[0].path + "&state=optimistic")
        #expect(Set(like.map(\.file)).count == like.count)
        // An avatar's tap navigates: it has the state as declared alone. A comment box already sending has
        // no state a second send would lead to (its composer is read-only).
        let avatar = Snapshot.all(in: catalog, states: states, component: "avatar")
        #expect(Set(avatar.map(\.state)) == ["shown"])
        let sending = Snapshot.all(in: catalog, states: states, component: "comment").filter { $0.variant == "sending" }
        #expect(Set(sending.map(\.state)) == ["shown"])
        let all = Snapshot.all(in: catalog, states: states)
        #expect(all.count == states.all.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count * 4 } })
    }

    @Test func badInputIsOneLineAndExitTwoWithNothingWritten() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (unknown, said) = try Self.run(["--component", "nope", "--update"], in: folder)
        #expect(unknown == 2)
        #expect(said.text.hasPrefix("snapshots: there is no component nope (there are: "))
        let (noBrowser, told) = try Self.run(["--chromium", folder + "/no-chromium", "--update"], in: folder)
        #expect(noBrowser == 2)
        #expect(told.text.hasPrefix("snapshots: ") && told.all.withLock { $0.count } == 1)
        #expect(FileManager.default.createFile(atPath: folder + "/a-file", contents: Data("x".utf8)))
        let (unwritable, warned) = try Self.run(["--update", "--baselines", "a-file/Snapshots"], in: folder)
        #expect(unwritable == 2)
        #expect(warned.text == "snapshots: \(folder)/a-file is not a folder, so nothing was written\n")
        #expect(Self.files(in: folder).isEmpty)
    }

    /// The like button and the avatar, with the like button's stylesheet as given (`nil`: its own).
    private static func modules(likeStyles: String?) -> @Sendable (ComponentContext) -> [any ComponentModule] {
        { context in
            Demo.modules(context).compactMap { module -> (any ComponentModule)? in
                guard let name = module.preview?.name, name == "like" || name == "avatar" else { return nil }
                guard name == "like", let likeStyles, var like = module as? ToggleModule else { return module }
                like.styles = ComponentStyles(likeStyles)
                return like
            }
        }
    }

    private static func run(
        _ arguments: [String], in folder: String, likeStyles: String?
    ) throws -> (Int32, [String]) {
        var options = try SnapshotCommand.Options.parse(arguments)
        options.baselines = folder + "/Snapshots"
        options.output = folder + "/.build/snapshots"
        let lines = Lines()
        let status = SnapshotCommand.run(options, components: modules(likeStyles: likeStyles), output: lines.add)
        return (status, lines.all.withLock { $0 })
    }

    /// Baselines, then a run that matches; a colour changed in the like button's stylesheet fails the next
    /// run naming exactly its pictures (every state and mode, and no avatar's), with a diff for each; the
    /// review page's Accept all takes them as the baselines, and the run after matches again.
    @Test func aStylesheetChangeFailsUntilItIsAcceptedOnTheReviewPage() async throws {
        guard (try? HeadlessChromium()) != nil else {
            Issue.record("chromium is not installed (scripts/test installs it)")
            return
        }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (written, _) = try Self.run(["--update"], in: folder, likeStyles: nil)
        #expect(written == 0)
        let baselines = Self.files(in: folder + "/Snapshots")
        let likePictures = baselines.filter { $0.hasPrefix("like/") }
        // The like button: 6 variants × 4 states × 4 modes; the avatar: 5 variants as declared × 4 modes.
        #expect(likePictures.count == 96 && baselines.count == 116)

        // What the states look like: the optimistic button pressed (filled with the like colour, where the
        // declared one is outlined), and the rolled-back one with the failure's message under it (taller, with
        // text in the error colour below where the declared picture ends).
        func picture(_ state: String) throws -> Picture {
            let path = "\(folder)/Snapshots/like/unliked-0-likes.\(state).phone-light.png"
            return try Picture(png: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        func reddish(_ picture: Picture, rows: Range<Int>) -> Int {
            var count = 0
            for y in rows {
                for x in 0..<picture.width {
                    let pixel = picture[x: x, y: y]
                    if pixel.red > 120 && pixel.green < 90 && pixel.blue < 110 { count += 1 }
                }
            }
            return count
        }
        let shown = try picture("shown")
        let optimistic = try picture("optimistic")
        let rolledBack = try picture("rolled-back")
        #expect(optimistic.width == shown.width && optimistic.height == shown.height)
        #expect(reddish(optimistic, rows: 0..<optimistic.height) > 10 * max(1, reddish(shown, rows: 0..<shown.height)))
        #expect(rolledBack.height > shown.height)
        #expect(reddish(rolledBack, rows: shown.height..<rolledBack.height) > 20)

        let (again, said) = try Self.run(["--junit", folder + "/run.xml"], in: folder, likeStyles: nil)
        #expect(again == 0, "\(said)")
        #expect(said.last?.hasSuffix("116 match, 0 differ, 0 new\n") == true)
        #expect(Self.files(in: folder + "/.build/snapshots").isEmpty)

        // Another background, unpressed and pressed: every like picture changes, and nothing else.
        let own = try String(
            contentsOf: URL(
                fileURLWithPath: ComponentStyles.file("LikeButton.css", beside: LikeButton.handlerFile).path!),
            encoding: .utf8)
        let restyled = own.replacingOccurrences(of: "background: var(--bg);", with: "background: #fde68a;")
            .replacingOccurrences(of: "background: var(--accent);", with: "background: #0f766e;")
        #expect(restyled != own)
        let (failed, told) = try Self.run(["--junit", folder + "/run.xml"], in: folder, likeStyles: restyled)
        #expect(failed == 1)
        let named = told.dropLast().compactMap { line in
            line.hasPrefix("differs  ") ? String(line.dropFirst("differs  ".count).prefix { $0 != ":" }) + ".png" : nil
        }
        #expect(named.sorted() == likePictures, "\(told.prefix(3))")
        let output = Self.files(in: folder + "/.build/snapshots")
        #expect(output.filter { $0.hasSuffix(".diff.png") }.count == 96)
        #expect(output.count == 192 && output.allSatisfy { $0.hasPrefix("like/") })
        let junit = try String(contentsOfFile: folder + "/run.xml", encoding: .utf8)
        #expect(junit.contains(#"<testsuites name="snapshots" tests="116" failures="96""#))

        // The review page shows them and accepts them all, as a person's form post from the page does.
        var options = PreviewOptions()
        options.docsFolder = nil
        options.snapshots.baselines = folder + "/Snapshots"
        options.snapshots.output = folder + "/.build/snapshots"
        let app = try Application(options: options, components: Self.modules(likeStyles: restyled))
        let page = String(decoding: try await app.responder.test(.get, "/snapshots").body, as: UTF8.self)
        #expect(page.contains("96 differ, 0 new") && page.contains("Accept all 96"))
        let accepted = try await app.responder.test(
            .post, "/snapshots/accept-all", headers: ["Origin": "http://127.0.0.1:8080", "Host": "127.0.0.1:8080"],
            body: "return_to=%2Fsnapshots")
        #expect(accepted.status == .seeOther && accepted.headers["Location"] == "/snapshots")
        #expect(Self.files(in: folder + "/.build/snapshots").isEmpty)
        let after = String(decoding: try await app.responder.test(.get, "/snapshots").body, as: UTF8.self)
        #expect(after.contains("Nothing to review"))

        let (accepting, _) = try Self.run([], in: folder, likeStyles: restyled)
        #expect(accepting == 0)
    }
}
