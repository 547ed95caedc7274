/// What a changed file means to the dev supervisor.
package enum ChangeKind: Sendable, Equatable {
    /// A Swift source or the manifest: build.
    case source
    /// A stylesheet under `Public/`, served as `path`, or a component's under `Sources/`, served in
    /// `/components.css` (read when asked for, so no build): swap it in the pages.
    case stylesheet(path: String)
    /// Any other file under `Public/`: reload the pages (the server already serves the new bytes).
    case publicFile
    /// Nothing to do: outside the watched places, hidden, or an editor's temporary file.
    case ignored

    /// Classifies `path`, relative to the package root.
    ///
    /// Watched: `Sources/` (everything but hidden and temporary files), `Public/`, and `Package.swift`.
    /// A stylesheet in `Sources/` is a component's (`ComponentStyles.file`).
    /// Ignored anywhere: `.build/`, hidden files and folders, editor temporaries (`*.swp`, `*.swx`,
    /// `*~`, `4913`, `#name#`).
    package init(path: String) {
        let parts = path.split(separator: "/")
        guard let first = parts.first, let name = parts.last else {
            self = .ignored
            return
        }
        if parts.contains(where: { $0.hasPrefix(".") }) || Self.isEditorTemporary(name) {
            self = .ignored
        } else if parts.count == 1 && name == "Package.swift" {
            self = .source
        } else if first == "Sources" && parts.count > 1 {
            self = name.hasSuffix(".css") ? .stylesheet(path: "/components.css") : .source
        } else if first == "Public" && parts.count > 1 {
            let served = "/public/" + parts.dropFirst().joined(separator: "/")
            self = name.hasSuffix(".css") ? .stylesheet(path: served) : .publicFile
        } else {
            self = .ignored
        }
    }

    static func isEditorTemporary(_ name: Substring) -> Bool {
        name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix("~") || name == "4913"
            || (name.hasPrefix("#") && name.hasSuffix("#"))
    }
}
