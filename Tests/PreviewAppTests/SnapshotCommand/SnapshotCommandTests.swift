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

    @Test func everyVariantIsShotInEveryModeUnderItsOwnName() {
        let catalog = ComponentCatalog(modules: Demo.modules(ComponentContext()))
        let like = Snapshot.all(in: catalog, component: "like")
        let preview = catalog.all.first { $0.name == "like" }!
        #expect(like.count == preview.variants.count * 4)
        #expect(Set(like.map(\.component)) == ["like"])
        let first = like[0]
        #expect(first.file == "like/unliked-0-likes.shown.phone-light.png")
        #expect(first.path == "/components/like/frame?config=self-managed&post=p4&liked=false&count=0")
        #expect(like.prefix(4).map(\.mode.name) == ["phone-light", "phone-dark", "desktop-light", "desktop-dark"])
        #expect(Set(like.map(\.file)).count == like.count)
        let all = Snapshot.all(in: catalog)
        #expect(all.count == catalog.all.reduce(0) { $0 + $1.variants.count * 4 })
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
        FileManager.default.createFile(atPath: folder + "/a-file", contents: Data("x".utf8))
        let (unwritable, warned) = try Self.run(["--update", "--baselines", "a-file/Snapshots"], in: folder)
        #expect(unwritable == 2)
        #expect(warned.text == "snapshots: \(folder)/a-file is not a folder, so nothing was written\n")
        #expect(Self.files(in: folder).isEmpty)
    }

    @Test func baselinesThenAMatchThenAChangedPictureNamedWithItsDiff() throws {
        guard (try? HeadlessChromium()) != nil else {
            Issue.record("chromium is not installed (scripts/test installs it)")
            return
        }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (written, _) = try Self.run(["--component", "like", "--update"], in: folder)
        #expect(written == 0)
        let baselines = Self.files(in: folder + "/Snapshots")
        #expect(baselines.count == 24 && baselines.allSatisfy { $0.hasPrefix("like/") })

        let (again, said) = try Self.run(["--component", "like", "--junit", folder + "/run.xml"], in: folder)
        #expect(again == 0, "\(said.text)")
        #expect(said.text.hasSuffix("24 match, 0 differ, 0 new\n"))
        #expect(Self.files(in: folder + "/.build/snapshots").isEmpty)

        // A baseline with a pixel of another colour: that picture alone differs.
        let changed = folder + "/Snapshots/like/liked-999-likes.shown.desktop-dark.png"
        var picture = try Picture(png: Array(try Data(contentsOf: URL(fileURLWithPath: changed))))
        picture[x: 3, y: 3] = Picture.Pixel(red: 255, green: 0, blue: 255)
        try Data(try picture.png()).write(to: URL(fileURLWithPath: changed))
        let (failed, told) = try Self.run(["--component", "like", "--junit", folder + "/run.xml"], in: folder)
        #expect(failed == 1)
        let lines = told.all.withLock { $0 }
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("differs  like/liked-999-likes.shown.desktop-dark: 1 pixel differs (") == true)
        #expect(
            Self.files(in: folder + "/.build/snapshots") == [
                "like/liked-999-likes.shown.desktop-dark.diff.png", "like/liked-999-likes.shown.desktop-dark.png",
            ])
        let junit = try String(contentsOfFile: folder + "/run.xml", encoding: .utf8)
        #expect(junit.contains(#"<testsuites name="snapshots" tests="24" failures="1""#))
    }
}
