import Components
import HTTPCore
import Pictures

/// One picture `preview snapshots` takes: a variant of a component, in a state, in a mode (a width and a
/// colour scheme), from the URL of its frame page, kept as `{component}/{variant}.{state}.{mode}.png`
/// under the baselines folder (`Snapshots/`).
struct Snapshot: Sendable, Equatable {
    /// A viewport the pictures are taken in: a phone's width or a desktop's, in the light or the dark.
    struct Mode: Sendable, Equatable {
        var name: String
        var width: Int
        var scheme: HeadlessChromium.ColorScheme

        /// Every mode, in the order the files list them: a phone's and a desktop's width, each light and dark.
        static let all: [Mode] = [
            Mode(name: "phone-light", width: 375, scheme: .light),
            Mode(name: "phone-dark", width: 375, scheme: .dark),
            Mode(name: "desktop-light", width: 1280, scheme: .light),
            Mode(name: "desktop-dark", width: 1280, scheme: .dark),
        ]
    }

    /// The component's catalogue name (`like`).
    var component: String
    /// The variant's slug (`liked-999-likes`).
    var variant: String
    /// The state shown: `shown`, the variant as declared, or one a tap leads to (`PreviewState`).
    var state: String
    var mode: Mode
    /// The frame page that shows it: path and query.
    var path: String

    /// Its file under the baselines folder (and under the output folder): `like/liked-999-likes.shown.phone-light.png`.
    var file: String { component + "/" + fileName }
    /// Its file in its component's folder: `liked-999-likes.shown.phone-light.png`.
    var fileName: String { stem + ".png" }
    /// Its diff's file in its component's folder: `liked-999-likes.shown.phone-light.diff.png`.
    var diffFileName: String { stem + ".diff.png" }
    /// What a line and the JUnit report call it: `like/liked-999-likes.shown.phone-light`.
    var name: String { component + "/" + stem }
    /// Variant, state and mode: `liked-999-likes.shown.phone-light`.
    private var stem: String { "\(variant).\(state).\(mode.name)" }

    /// Every picture of the catalogue's components (or of `component` alone): each variant, in the
    /// self-managed configuration, in every state it can be drawn in, in every mode.
    static func all(in catalog: ComponentCatalog, states: VariantStates, component: String? = nil) -> [Snapshot] {
        var snapshots: [Snapshot] = []
        for preview in catalog.all where component == nil || preview.name == component {
            for variant in preview.variants {
                let request = GalleryRequest(
                    preview: preview, configuration: .selfManaged, values: preview.values(of: variant))
                for state in states.states(of: preview, variant: variant) {
                    let path = request.in(state).framePath
                    for mode in Mode.all {
                        snapshots.append(
                            Snapshot(
                                component: preview.name, variant: variant.slug, state: state.rawValue, mode: mode,
                                path: path))
                    }
                }
            }
        }
        return snapshots
    }
}
