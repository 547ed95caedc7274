import Foundation

/// A component's styles, brought through its module: a stylesheet in the component's own folder
/// (`LikeButton.css` beside `LikeButton.swift`), or CSS text. The app serves every registered component's
/// styles as one stylesheet, `/components.css`, which every page links after the kit's own.
///
/// ```swift
/// ToggleModule(toggle, preview: preview, baseCounts: counts, styles: .file("Bookmark.css"), context: context)
/// ```
///
/// A file is read where it is in the sources, when the stylesheet is asked for: an edit shows at the next
/// request, without a build (`scripts/dev` swaps it in place, as it does `Public/app.css`). SwiftPM must
/// be told not to build it: list it in the target's `exclude` (`scripts/new-component` does).
public struct ComponentStyles: Sendable, Equatable {
    enum Source: Sendable, Equatable {
        case text(String)
        case file(String)
    }

    let source: Source

    /// Styles given as CSS text.
    package init(_ css: String) {
        source = .text(css)
    }

    private init(file path: String) {
        source = .file(path)
    }

    /// The stylesheet `name` in the folder of the Swift file that says so.
    ///
    /// - Parameters:
    ///   - name: The file's name, such as `LikeButton.css`.
    ///   - source: The Swift file it sits beside: leave it to the compiler.
    public static func file(_ name: String, beside source: String = #filePath) -> ComponentStyles {
        ComponentStyles(file: (source as NSString).deletingLastPathComponent + "/" + name)
    }

    /// The file the styles are read from, if they come from one.
    public var path: String? {
        if case .file(let path) = source { return path }
        return nil
    }

    /// The rules, as CSS text, read now; a file that cannot be read gives a comment that says so.
    package var css: String {
        switch source {
        case .text(let css):
            return css
        case .file(let path):
            guard let css = try? String(contentsOfFile: path, encoding: .utf8) else {
                return "/* \(path.replacingOccurrences(of: "*/", with: "* /")) could not be read. */\n"
            }
            return css
        }
    }
}
