/// The previewable components an app registered, in registration order: what the gallery, the
/// catalogue, the fragment endpoints and the `render` command read.
package struct ComponentCatalog: Sendable {
    package let all: [ComponentPreview]

    package init(_ previews: [ComponentPreview]) {
        self.all = previews
    }

    /// The catalogue of `modules`: the preview of each that has one.
    package init(modules: [any ComponentModule]) {
        self.init(modules.compactMap(\.preview))
    }

    package func named(_ name: String) -> ComponentPreview? {
        all.first { $0.name == name }
    }

    /// Every name, in order.
    package var names: [String] {
        all.map(\.name)
    }
}
