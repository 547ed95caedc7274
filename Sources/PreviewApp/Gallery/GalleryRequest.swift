import Components
import HTTPCore

/// A gallery request resolved: which component, which configuration, which checked parameter values.
struct GalleryRequest {
    var preview: ComponentPreview
    var configuration: ComponentPreview.Configuration
    var values: PreviewValues

    /// Reads `/components/{name}…?config=…&param=…`.
    ///
    /// - Throws: `HTTPError` 404 for an unknown component, 400 naming a bad parameter.
    init(_ request: HTTPRequest) throws(HTTPError) {
        try self.init(name: request.parameters["name"] ?? "", query: request.query)
    }

    /// Resolves a component name and its parameters (`config` chooses the configuration).
    init(name: String, query: FormFields) throws(HTTPError) {
        guard let preview = ComponentCatalog.named(name) else {
            let known = ComponentCatalog.all.map(\.name).joined(separator: ", ")
            throw HTTPError(.notFound, "There is no component named \(name). Known components: \(known).")
        }
        self.preview = preview
        let config = query["config"] ?? ComponentPreview.Configuration.selfManaged.rawValue
        guard let configuration = ComponentPreview.Configuration(rawValue: config) else {
            throw HTTPError(.badRequest, "Invalid parameter config: must be self-managed or plain, got \"\(config)\".")
        }
        self.configuration = configuration
        do {
            values = try preview.values { name in query.last(name) }
        } catch {
            throw HTTPError(.badRequest, error.description)
        }
    }

    init(preview: ComponentPreview, configuration: ComponentPreview.Configuration, values: PreviewValues) {
        self.preview = preview
        self.configuration = configuration
        self.values = values
    }

    /// The query that reproduces this instance (configuration first, then every parameter).
    var query: String {
        var fields = FormFields()
        fields.append("config", configuration.rawValue)
        for pair in values.pairs {
            fields.append(pair.name, pair.value)
        }
        return fields.encoded
    }

    var pagePath: String { "/components/\(preview.name)?\(query)" }
    var fragmentPath: String { "/components/\(preview.name)/fragment?\(query)" }
    var framePath: String { "/components/\(preview.name)/frame?\(query)" }

    /// In the plain configuration the tap goes where the gallery says: an action that only records it.
    var plainAction: TapAction {
        TapAction(
            path: "/gallery/actions/\(preview.name)",
            fields: [.init("instance", preview.instance(values)), .init("return_to", pagePath)]
        )
    }

    /// The Swift that renders these values, in both configurations: the self-managed call, and the plain
    /// initializer with the action the gallery's plain configuration gives it.
    var swiftCalls: (selfManaged: SwiftCall, plain: SwiftCall) {
        let plain = GalleryRequest(preview: preview, configuration: .plain, values: values)
        return (
            preview.swift(values, configuration: .selfManaged),
            preview.swift(values, configuration: .plain, plainAction: plain.plainAction)
        )
    }

    var fragment: [UInt8] {
        // The plain action is only built when it is used (it encodes the whole query).
        preview.render(
            values, configuration: configuration,
            plainAction: configuration == .plain ? plainAction : TapAction(path: "/"))
    }
}
