import Components
import HTTPCore

/// `GET /components.json`: components, parameters, variants with their fragment URLs, actions, and the
/// state endpoint of each stateful component.
enum ComponentCatalogJSON {
    /// - Parameters:
    ///   - stateful: The names of the components with a state endpoint.
    ///   - withScenarios: The names of the components with scenarios.
    static func catalogue(
        _ catalog: ComponentCatalog, stateful: Set<String>, withScenarios: Set<String> = [],
        variantStates: VariantStates? = nil, origin: String
    ) -> JSONValue {
        .object([
            (
                "components",
                .array(
                    catalog.all.map {
                        component(
                            $0, hasState: stateful.contains($0.name), hasScenarios: withScenarios.contains($0.name),
                            variantStates: variantStates, origin: origin)
                    })
            )
        ])
    }

    private static func component(
        _ preview: ComponentPreview, hasState: Bool, hasScenarios: Bool, variantStates: VariantStates?, origin: String
    ) -> JSONValue {
        .object([
            ("name", .string(preview.name)),
            ("title", .string(preview.title)),
            ("summary", .string(preview.summary)),
            ("page", .string("/components/\(preview.name)")),
            ("state", hasState ? .string("/components/\(preview.name)/state/{target}") : .null),
            ("scenarios", hasScenarios ? .string("/components/\(preview.name)/scenarios") : .null),
            (
                "handler",
                .object([
                    ("file", .string(preview.handlerFile)),
                    ("taps", .array(preview.actions.map { .string("\($0.method) \($0.path)") })),
                ])
            ),
            (
                "parameters",
                .array(
                    preview.parameters.map { parameter in
                        .object([
                            ("name", .string(parameter.name)),
                            ("type", .string(parameter.kind.typeName)),
                            ("default", .string(parameter.defaultValue)),
                            ("allowed", parameter.allowedValues.map { .array($0.map(JSONValue.string)) } ?? .null),
                            ("summary", .string(parameter.summary)),
                        ])
                    })
            ),
            (
                "variants",
                .array(
                    preview.variants.map { variant in
                        let instance = GalleryRequest(
                            preview: preview, configuration: .selfManaged, values: preview.values(of: variant))
                        let calls = instance.swiftCalls
                        return .object([
                            ("name", .string(variant.name)),
                            ("slug", .string(variant.slug)),
                            ("parameters", .object(instance.values.pairs.map { ($0.name, .string($0.value)) })),
                            (
                                "usage",
                                .object([
                                    ("selfManaged", .string(calls.selfManaged.source)),
                                    ("plain", .string(calls.plain.source)),
                                ])
                            ),
                            ("fragment", .string(instance.fragmentPath)),
                            ("frame", .string(instance.framePath)),
                            (
                                "states",
                                .array(
                                    (variantStates?.states(of: preview, variant: variant) ?? [.shown]).map { state in
                                        let drawn = instance.in(state)
                                        return .object([
                                            ("name", .string(state.rawValue)),
                                            ("fragment", .string(drawn.fragmentPath)),
                                            ("frame", .string(drawn.framePath)),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
            (
                "actions",
                .array(
                    preview.actions.map { action in
                        .object([
                            ("method", .string(action.method)),
                            ("path", .string(action.path)),
                            ("summary", .string(action.summary)),
                            (
                                "fields",
                                .array(
                                    action.fields.map {
                                        .object([
                                            ("name", .string($0.name)), ("required", .bool($0.required)),
                                            ("summary", .string($0.summary)),
                                        ])
                                    })
                            ),
                            (
                                "headers",
                                .array(
                                    action.headers.map {
                                        .object([("name", .string($0.name)), ("summary", .string($0.summary))])
                                    })
                            ),
                            ("exampleBody", .string(action.exampleBody)),
                            ("curl", .string(action.curl(origin: origin))),
                        ])
                    })
            ),
        ])
    }
}
