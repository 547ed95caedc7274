import Components
import HTTPCore

/// Renders a component's fragment without a server, for `preview-server render`.
package enum FragmentRenderer {
    /// The same bytes as `GET /components/{component}/fragment?…` with these parameters.
    ///
    /// - Throws: `UsageError` naming the unknown component or the bad parameter.
    package static func render(
        component: String, parameters: [(name: String, value: String)], catalog: ComponentCatalog
    ) throws(UsageError) -> [UInt8] {
        do {
            return try GalleryRequest(
                name: component, query: FormFields(parameters.map { FormFields.Field(name: $0.name, value: $0.value) }),
                catalog: catalog
            ).fragmentInState()
        } catch {
            throw UsageError(message: error.message)
        }
    }
}
