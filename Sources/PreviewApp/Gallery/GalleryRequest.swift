import Components
import HTTPCore

/// A gallery request resolved: which component, which configuration, which checked parameter values.
struct GalleryRequest {
    var preview: ComponentPreview
    var configuration: ComponentPreview.Configuration
    var values: PreviewValues
    /// The state the variant is drawn in (`state`): as declared unless a tap's state is asked for.
    var state = PreviewState.shown

    /// Reads `/components/{name}…?config=…&param=…`.
    ///
    /// - Throws: `HTTPError` 404 for an unknown component, 400 naming a bad parameter.
    init(_ request: HTTPRequest, catalog: ComponentCatalog) throws(HTTPError) {
        try self.init(name: request.parameters["name"] ?? "", query: request.query, catalog: catalog)
    }

    /// Resolves a component name and its parameters (`config` chooses the configuration).
    ///
    /// - Throws: `HTTPError` 404 for an unknown component, 400 naming a bad parameter.
    init(name: String, query: FormFields, catalog: ComponentCatalog) throws(HTTPError) {
        guard let preview = catalog.named(name) else {
            let known = catalog.names.joined(separator: ", ")
            throw HTTPError(.notFound, "There is no component named \(name). Known components: \(known).")
        }
        try self.init(preview, query: query)
    }

    /// Resolves a component's parameters (`config` chooses the configuration).
    ///
    /// - Throws: `HTTPError` 400 naming a bad parameter.
    init(_ preview: ComponentPreview, query: FormFields) throws(HTTPError) {
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
        if let asked = query.last("state"), !preview.parameters.contains(where: { $0.name == "state" }) {
            guard let state = PreviewState(rawValue: asked) else {
                let states = PreviewState.allCases.map(\.rawValue).joined(separator: ", ")
                throw HTTPError(.badRequest, "Invalid parameter state: must be one of \(states), got \"\(asked)\".")
            }
            guard state == .shown || configuration == .selfManaged else {
                // A well-formed ask for a state these values do not have, as one of a navigating kind's.
                throw HTTPError(
                    .notFound,
                    "The plain configuration has no state a tap leads to (its tap only records it): state=\(asked) "
                        + "needs config=self-managed.")
            }
            self.state = state
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
        if state != .shown {
            fields.append("state", state.rawValue)
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

    /// The same request with the variant drawn in `state`.
    func `in`(_ state: PreviewState) -> GalleryRequest {
        var request = self
        request.state = state
        return request
    }

    /// The fragment in `state`.
    ///
    /// - Throws: `HTTPError` 404 when the variant has no such state (its tap shows nothing at once, or a
    ///   tap is in flight already, or it has no tap that changes anything).
    func fragmentInState() throws(HTTPError) -> [UInt8] {
        guard state != .shown else { return fragment }
        guard let bytes = PreviewStateRendering.render(in: state, { fragment }) else {
            throw HTTPError(
                .notFound,
                "\(preview.title) has no \(state.rawValue) state for these values: no form of its root shows a "
                    + "change at once (a tap already in flight, or one that navigates). The states each variant "
                    + "has are listed in /components.json.")
        }
        return bytes
    }

    /// The fragment as declared (whatever `state` says).
    var fragment: [UInt8] {
        // The plain action is only built when it is used (it encodes the whole query).
        preview.render(
            values, configuration: configuration,
            plainAction: configuration == .plain ? plainAction : TapAction(path: "/"))
    }
}
