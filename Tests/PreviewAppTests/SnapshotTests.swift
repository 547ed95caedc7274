import Components
import Foundation
import Testing

/// Every variant's fragment, in both configurations, is kept as a golden file under
/// Tests/PreviewAppTests/Snapshots. A markup change fails here until the files are deliberately
/// rewritten with `scripts/test --update-snapshots`, so changes to what components render show in review.
@Suite struct SnapshotTests {
    static let folder = PackagePaths.root + "/Tests/PreviewAppTests/Snapshots"
    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" }

    struct Case: CustomStringConvertible, Sendable {
        var component: String
        var variant: String
        var configuration: ComponentPreview.Configuration
        var file: String { "\(component)/\(variant)\(configuration == .plain ? ".plain" : "").html" }
        var description: String { file }
    }

    static let cases: [Case] = ComponentCatalog.demo.all.flatMap { preview in
        preview.variants.flatMap { variant in
            ComponentPreview.Configuration.allCases.map {
                Case(component: preview.name, variant: variant.slug, configuration: $0)
            }
        }
    }

    @Test(arguments: cases)
    func fragmentMatchesItsGoldenFile(_ snapshot: Case) throws {
        let preview = try #require(ComponentCatalog.demo.named(snapshot.component))
        let variant = try #require(preview.variants.first { $0.slug == snapshot.variant })
        var parameters = variant.parameters
        parameters.append(("config", snapshot.configuration.rawValue))
        let rendered = try PreviewAppFragments.render(preview.name, parameters) + "\n"
        let path = Self.folder + "/" + snapshot.file
        if Self.updating {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try rendered.write(toFile: path, atomically: false, encoding: .utf8)
            return
        }
        let golden = try? String(contentsOfFile: path, encoding: .utf8)
        #expect(golden != nil, "missing golden file \(snapshot.file): run scripts/test --update-snapshots")
        #expect(rendered == golden, "\(snapshot.file) changed: review it, then run scripts/test --update-snapshots")
    }

    @Test func noStaleGoldenFiles() throws {
        let expected = Set(Self.cases.map(\.file))
        let enumerator = FileManager.default.enumerator(atPath: Self.folder)
        var found = Set<String>()
        while let file = enumerator?.nextObject() as? String {
            if file.hasSuffix(".html") { found.insert(file) }
        }
        #expect(found.subtracting(expected).isEmpty, "golden files for variants that no longer exist")
    }
}
