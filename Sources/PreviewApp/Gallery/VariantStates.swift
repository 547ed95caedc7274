import Components
import Synchronization

/// Which states each variant of each component can be drawn in (`PreviewState`): the variant as declared,
/// and each state a tap on it leads to that its kind can draw. Found once, by drawing each, on first use.
final class VariantStates: Sendable {
    private let catalog: ComponentCatalog
    private let found = Mutex<[String: [String: [PreviewState]]]?>(nil)

    init(_ catalog: ComponentCatalog) {
        self.catalog = catalog
    }

    /// The states of `variant` of `preview`, `.shown` first.
    func states(of preview: ComponentPreview, variant: PreviewVariant) -> [PreviewState] {
        all[preview.name]?[variant.slug] ?? [.shown]
    }

    /// Every component's variants' states, by component name and variant slug.
    var all: [String: [String: [PreviewState]]] {
        if let known = found.withLock({ $0 }) { return known }
        var states: [String: [String: [PreviewState]]] = [:]
        for preview in catalog.all {
            for variant in preview.variants {
                states[preview.name, default: [:]][variant.slug] = Self.draw(preview, variant)
            }
        }
        found.withLock { $0 = states }
        return states
    }

    private static func draw(_ preview: ComponentPreview, _ variant: PreviewVariant) -> [PreviewState] {
        let request = GalleryRequest(preview: preview, configuration: .selfManaged, values: preview.values(of: variant))
        return PreviewState.allCases.filter { state in
            state == .shown || (try? request.in(state).fragmentInState()) != nil
        }
    }
}
