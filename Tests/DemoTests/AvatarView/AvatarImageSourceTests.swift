import Demo
import Testing

/// The avatar shows an allowed URL as it is and the placeholder for anything else (which URLs are allowed
/// is `ImageURL`'s, tested in ImageURLTests).
@Suite struct AvatarImageSourceTests {
    @Test(arguments: ["https://cdn.example/a.png", "/public/x.svg", "data:image/png;base64,AAA"])
    func anAllowedURLIsShownAsItIs(_ url: String) {
        #expect(AvatarImageSource.isAllowed(url))
        #expect(AvatarImageSource.resolve(url) == url)
    }

    @Test(arguments: ["", "javascript:alert(1)", "//evil.example/a.png", "https://cdn.example/a b.png"])
    func anyOtherShowsThePlaceholder(_ url: String) {
        #expect(!AvatarImageSource.isAllowed(url))
        #expect(AvatarImageSource.resolve(url) == AvatarImageSource.placeholder)
    }

    @Test func nilResolvesToThePlaceholder() {
        #expect(AvatarImageSource.resolve(nil) == "/public/avatar-placeholder.svg")
    }
}
