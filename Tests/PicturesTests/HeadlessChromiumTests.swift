import Pictures
import Testing

/// Debian's Chromium, driven over its pipe (`scripts/test` installs it before the Swift tests).
@Suite(.serialized) struct HeadlessChromiumTests {
    /// A page of `body`, as a data URL.
    private func page(_ body: String, style: String = "") -> String {
        let html =
            "<!doctype html><html><head><style>html, body { margin: 0; } \(style)</style></head><body>\(body)</body></html>"
        return "data:text/html,"
            + html.utf8.map { byte in
                let character = Character(Unicode.Scalar(byte))
                return character.isLetter || character.isNumber
                    ? String(character) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }.joined()
    }

    @Test func aPageIsShotAtItsWidthAndAsTallAsItsContentWithItsColours() throws {
        let chromium = try HeadlessChromium()
        defer { chromium.close() }
        let url = page(
            #"<div style="width: 30px; height: 70px; background: #ff0000"></div>"#,
            style: "body { background: #0000ff; }")
        let picture = try chromium.shoot(url, width: 120)
        #expect(picture.width == 120 && picture.height == 70)
        #expect(picture[x: 10, y: 10] == Picture.Pixel(red: 255, green: 0, blue: 0))
        #expect(picture[x: 100, y: 60] == Picture.Pixel(red: 0, green: 0, blue: 255))
        #expect(try chromium.shoot(url, width: 120) == picture, "the same page, the same pixels")
    }

    @Test func theColourSchemeAndTheEndOfAnAnimationAreWhatIsShown() throws {
        let chromium = try HeadlessChromium()
        defer { chromium.close() }
        let url = page(
            #"<div class="box"></div>"#,
            style: """
                .box { width: 40px; height: 40px; background: #ffffff; animation: go 60s forwards; }
                @keyframes go { to { background: #00ff00; } }
                body { background: #808080; height: 50px; }
                @media (prefers-color-scheme: dark) { body { background: #000000; } }
                """)
        let light = try chromium.shoot(url, width: 80, colorScheme: .light)
        let dark = try chromium.shoot(url, width: 80, colorScheme: .dark)
        #expect(light[x: 60, y: 45] == Picture.Pixel(red: 128, green: 128, blue: 128))
        #expect(dark[x: 60, y: 45] == Picture.Pixel(red: 0, green: 0, blue: 0))
        #expect(light[x: 5, y: 5] == Picture.Pixel(red: 255, green: 255, blue: 255), "animations off: the start")
    }

    @Test func aPageThatDoesNotLoadIsAClearError() throws {
        let chromium = try HeadlessChromium()
        defer { chromium.close() }
        #expect {
            try chromium.shoot("http://127.0.0.1:1/nothing", width: 100)
        } throws: { error in
            (error as? HeadlessChromium.Failure)?.message.contains("could not load http://127.0.0.1:1/nothing") == true
        }
    }

    @Test func noChromiumIsAClearError() {
        #expect {
            try HeadlessChromium(executable: "/nonexistent/chromium")
        } throws: { error in
            (error as? HeadlessChromium.Failure)?.message.contains("cannot start /nonexistent/chromium") == true
        }
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
