import Basics
import HTTPCore

extension HeadlessChromium {
    /// Stylesheet rules that hold a page still for its picture: no animation or transition (each shows its
    /// end at once), no caret, no scroll bars (a text area's neither), no resize handle.
    static let stillness =
        "*, *::before, *::after { animation: none !important; transition: none !important; "
        + "caret-color: transparent !important; scrollbar-width: none !important; } "
        + "textarea { resize: none !important; }"

    /// A picture of the page at `url`, `width` pixels wide (device scale 1) and as tall as its content,
    /// in `colorScheme`, with animations, transitions and the caret off, once it has loaded.
    ///
    /// - Throws: `Failure` when the page does not load or the browser does not answer in time.
    package func shoot(
        _ url: String, width: Int, colorScheme: ColorScheme = .light, timeout: Duration = .seconds(30)
    ) throws(Failure) -> Picture {
        try shoot(url, in: [(width, colorScheme)], timeout: timeout)[0]
    }

    /// Pictures of the page at `url` in each of `modes` (a width and a colour scheme), in their order: the
    /// page loaded once, then for each mode drawn at that width (device scale 1) and as tall as its
    /// content, in that scheme, with animations, transitions and the caret off.
    ///
    /// - Throws: `Failure` when the page does not load or the browser does not answer in time.
    package func shoot(
        _ url: String, in modes: [(width: Int, colorScheme: ColorScheme)], timeout: Duration = .seconds(30)
    ) throws(Failure) -> [Picture] {
        guard let first = modes.first else { return [] }
        guard case .string(let target) = try call("Target.createTarget", [("url", .string("about:blank"))])["/targetId"]
        else { throw Failure("chromium made no page") }
        defer { _ = try? call("Target.closeTarget", [("targetId", .string(target))]) }
        guard
            case .string(let session) = try call(
                "Target.attachToTarget", [("targetId", .string(target)), ("flatten", .bool(true))])["/sessionId"]
        else { throw Failure("chromium gave no session for its page") }
        try call("Page.enable", session: session)
        // The page's Content-Security-Policy forbids inline styles, the stillness rules among them.
        try call("Page.setBypassCSP", [("enabled", .bool(true))], session: session)
        try size(width: first.width, height: 64, session: session)
        try scheme(first.colorScheme, session: session)
        let still =
            "addEventListener('DOMContentLoaded', () => { const style = document.createElement('style'); "
            + "style.textContent = \(Self.javaScriptString(Self.stillness)); document.head.append(style); });"
        try call("Page.addScriptToEvaluateOnNewDocument", [("source", .string(still))], session: session)
        let navigated = try call("Page.navigate", [("url", .string(url))], session: session, timeout: timeout)
        if case .string(let error) = navigated["/errorText"] {
            throw Failure("chromium could not load \(url): \(error)")
        }
        try event("Page.loadEventFired", session: session, timeout: timeout)
        // The fonts too: text drawn before its font arrives would change between runs. Then two frames:
        // what the page's script does on load (a field it focuses) is drawn.
        try twoFrames(session: session, timeout: timeout, afterFonts: true)
        var pictures: [Picture] = []
        for (index, mode) in modes.enumerated() {
            if index > 0 {
                // The same page in the next mode: a short viewport at its width, in its scheme, drawn.
                try size(width: mode.width, height: 64, session: session)
                try scheme(mode.colorScheme, session: session)
                try twoFrames(session: session, timeout: timeout)
            }
            pictures.append(try picture(url, width: mode.width, session: session, timeout: timeout))
        }
        return pictures
    }

    /// The page drawn at `width` and as tall as its content, captured.
    private func picture(_ url: String, width: Int, session: String, timeout: Duration) throws(Failure) -> Picture {
        let metrics = try call("Page.getLayoutMetrics", session: session)
        let height = max(1, Self.number(metrics["/cssContentSize/height"]).map { Int($0.rounded(.up)) } ?? 1)
        // The viewport made as tall as the content, and the page drawn again at that size, so that the
        // picture is of a laid-out viewport rather than of what lies beyond a short one (whose edges were
        // drawn differently from one run to the next).
        try size(width: width, height: height, session: session)
        try twoFrames(session: session, timeout: timeout)
        let shot = try call(
            "Page.captureScreenshot",
            [
                ("format", .string("png")), ("captureBeyondViewport", .bool(false)),
                (
                    "clip",
                    .object([
                        ("x", .int(0)), ("y", .int(0)), ("width", .int(width)), ("height", .int(height)),
                        ("scale", .int(1)),
                    ])
                ),
            ], session: session, timeout: timeout)
        guard case .string(let data) = shot["/data"], let png = Base64.decode(data) else {
            throw Failure("chromium sent no picture of \(url)")
        }
        do {
            return try Picture(png: png)
        } catch {
            throw Failure("chromium's picture of \(url): \(error.message)")
        }
    }

    private func size(width: Int, height: Int, session: String) throws(Failure) {
        try call(
            "Emulation.setDeviceMetricsOverride",
            [
                ("width", .int(width)), ("height", .int(height)), ("deviceScaleFactor", .int(1)),
                ("mobile", .bool(false)),
            ],
            session: session)
    }

    private func scheme(_ colorScheme: ColorScheme, session: String) throws(Failure) {
        try call(
            "Emulation.setEmulatedMedia",
            [
                (
                    "features",
                    .array([
                        .object([("name", .string("prefers-color-scheme")), ("value", .string(colorScheme.rawValue))]),
                        .object([("name", .string("prefers-reduced-motion")), ("value", .string("reduce"))]),
                    ])
                )
            ], session: session)
    }

    /// Waits for two animation frames (after the fonts have loaded, when `afterFonts`).
    private func twoFrames(session: String, timeout: Duration, afterFonts: Bool = false) throws(Failure) {
        let frames = "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"
        try call(
            "Runtime.evaluate",
            [
                ("expression", .string(afterFonts ? "document.fonts.ready.then(() => \(frames))" : frames)),
                ("awaitPromise", .bool(true)),
            ],
            session: session, timeout: timeout)
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let int): Double(int)
        case .double(let double): double
        default: nil
        }
    }

    /// `text` as a JavaScript string literal.
    private static func javaScriptString(_ text: String) -> String {
        String(decoding: JSONValue.string(text).encoded(), as: UTF8.self)
    }
}
