import Components
import HTTPCore
import Synchronization

/// `/components.json`'s bytes, made once for the origin asked last: the catalogue does not change while
/// the server runs, and its document grows with it (about 11 KB and 2.5 M instructions a component), so
/// that a request for it is a copy whatever the catalogue's size. One document is held, the size of the
/// catalogue's; a request from another origin (another `Host`) makes it again.
final class CatalogueDocument: Sendable {
    /// The names of the components with a state endpoint.
    let stateful: Set<String>
    private let make: @Sendable (_ origin: String) -> [UInt8]
    private let last = Mutex<(origin: String, bytes: [UInt8])?>(nil)

    init(
        _ catalog: ComponentCatalog, stateful: Set<String>, withScenarios: Set<String>, variantStates: VariantStates
    ) {
        self.stateful = stateful
        make = { origin in
            ComponentCatalogJSON.catalogue(
                catalog, stateful: stateful, withScenarios: withScenarios, variantStates: variantStates,
                origin: origin
            ).encoded()
        }
    }

    /// The document with links under `origin` (`http://127.0.0.1:8080`).
    func bytes(origin: String) -> [UInt8] {
        if let last = last.withLock({ $0 }), last.origin == origin { return last.bytes }
        let bytes = make(origin)
        last.withLock { $0 = (origin, bytes) }
        return bytes
    }
}
