import DevSupervisor
import Testing

@Suite struct ChangeKindTests {
    @Test(arguments: [
        "Sources/Components/LikeButton/LikeButton.swift", "Package.swift", "Sources/PreviewApp/Data/new.json",
    ])
    func sourcesAndTheManifestBuild(_ path: String) {
        #expect(ChangeKind(path: path) == .source)
    }

    @Test func stylesheetsAreSwappedAndOtherPublicFilesReload() {
        #expect(ChangeKind(path: "Public/app.css") == .stylesheet(path: "/public/app.css"))
        #expect(ChangeKind(path: "Public/themes/dark.css") == .stylesheet(path: "/public/themes/dark.css"))
        #expect(ChangeKind(path: "Sources/Demo/LikeButton/LikeButton.css") == .stylesheet(path: "/components.css"))
        #expect(ChangeKind(path: "Public/app.js") == .publicFile)
        #expect(ChangeKind(path: "Public/avatar-placeholder.svg") == .publicFile)
    }

    @Test(arguments: [
        "Sources/Components/.LikeButton.swift.swp", "Sources/Components/LikeButton.swift.swx",
        "Sources/Components/LikeButton.swift~", "Sources/Components/4913", "Sources/Components/#LikeButton.swift#",
        ".build/debug/x.swift", "Sources/.hidden/a.swift", "Public/.app.css.swp", "README.md", "Tests/X.swift",
        "Package.resolved", "Sources", "",
    ])
    func temporariesHiddenFilesAndOtherPlacesAreIgnored(_ path: String) {
        #expect(ChangeKind(path: path) == .ignored)
    }
}
