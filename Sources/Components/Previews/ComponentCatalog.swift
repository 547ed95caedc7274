/// The previewable components an app registered, in registration order: what the gallery, the
/// catalogue, the fragment endpoints and the `render` command read.
public struct ComponentCatalog: Sendable {
    public let all: [ComponentPreview]

    public init(_ previews: [ComponentPreview]) {
        self.all = previews
    }

    /// The catalogue of `modules`: the preview of each that has one.
    public init(modules: [any ComponentModule]) {
        self.init(modules.compactMap(\.preview))
    }

    public func named(_ name: String) -> ComponentPreview? {
        all.first { $0.name == name }
    }

    /// Every name, in order.
    public var names: [String] {
        all.map(\.name)
    }
}
