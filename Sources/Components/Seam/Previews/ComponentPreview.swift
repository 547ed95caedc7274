import HTML

/// Everything the gallery needs to show a component, declared beside the component
/// (`AvatarView+Previews.swift`): its parameter schema, named variants, tap actions, and how to build it
/// from parameter values in either configuration.
public struct ComponentPreview: Sendable {
    /// Which API the preview uses.
    public enum Configuration: String, Sendable, CaseIterable {
        /// The self-managed extension: the component handles its own tap.
        case selfManaged = "self-managed"
        /// The plain API: the tap goes to an action the caller (here, the gallery) chooses.
        case plain
    }

    /// The name in URLs: `/components/{name}`.
    public private(set) var name: String
    /// The type's name, such as `AvatarView`.
    package private(set) var title: String
    package let summary: String
    package let parameters: [PreviewParameter]
    package let variants: [PreviewVariant]
    /// The self-managed tap, for the action catalogue.
    package let actions: [PreviewAction]
    /// Builds the component; `plainAction` is used in the plain configuration.
    let make: @Sendable (PreviewValues, Configuration, TapAction) -> any HTMLComponent
    /// The same call as `make`, written as Swift source.
    let swiftCall: @Sendable (PreviewValues, Configuration, TapAction) -> SwiftCall
    /// The file that holds the self-managed tap's handler, from the package's root.
    package let handlerFile: String
    /// Names the instance (post or user id) a set of values shows, for the event log.
    package let instance: @Sendable (PreviewValues) -> String

    /// A component's catalogue entry: its `name` (in URLs) and `title`, a `summary`, its `parameters`, the
    /// `variants` worth looking at, its `actions`, the instance a set of values shows (`instance`: a post or
    /// user id, for the event log), the file of its tap's handler (`handlerFile`, from the package's root),
    /// and how to build it from values in either configuration (`make`) and write that call as Swift (`swift`).
    package init(
        name: String,
        title: String,
        summary: String,
        parameters: [PreviewParameter],
        variants: [PreviewVariant],
        actions: [PreviewAction],
        instance: @escaping @Sendable (PreviewValues) -> String,
        handlerFile: String,
        make: @escaping @Sendable (PreviewValues, Configuration, TapAction) -> any HTMLComponent,
        swift: @escaping @Sendable (PreviewValues, Configuration, TapAction) -> SwiftCall
    ) {
        self.name = name
        self.title = title
        self.summary = summary
        self.parameters = parameters
        self.variants = variants
        self.actions = actions
        self.instance = instance
        self.make = make
        self.swiftCall = swift
        self.handlerFile = SourceFile.path(handlerFile)
    }

    /// A component's catalogue entry without its name and title, which its module takes from the component's
    /// definition (`SelfManagedModule`), so that each is declared once: a `summary`, its `parameters`, the
    /// `variants` worth looking at, its `actions`, the instance a set of values shows, the file of its tap's
    /// handler (`#filePath` in that file; the gallery shows it from the package's `Sources/`), and how to
    /// build it (`make`) and write that call as Swift (`swift`).
    public init(
        summary: String,
        parameters: [PreviewParameter],
        variants: [PreviewVariant],
        actions: [PreviewAction],
        instance: @escaping @Sendable (PreviewValues) -> String,
        handlerFile: String,
        make: @escaping @Sendable (PreviewValues, Configuration, TapAction) -> any HTMLComponent,
        swift: @escaping @Sendable (PreviewValues, Configuration, TapAction) -> SwiftCall
    ) {
        self.init(
            name: "", title: "", summary: summary, parameters: parameters, variants: variants, actions: actions,
            instance: instance, handlerFile: handlerFile, make: make, swift: swift)
    }

    /// This entry under `name` and `title` when it has none of its own (declared without them).
    package func named(_ name: String, title: String) -> ComponentPreview {
        guard self.name.isEmpty else { return self }
        var named = self
        named.name = name
        named.title = title.isEmpty ? name : title
        return named
    }

    /// Checks raw parameters (from a query), filling in defaults; unknown names are ignored, and of
    /// repeated names the last counts.
    ///
    /// - Throws: `PreviewParameterError` naming the first bad parameter.
    package func values(_ raw: [(name: String, value: String)]) throws(PreviewParameterError) -> PreviewValues {
        try values { name in raw.last { $0.name == name }?.value }
    }

    /// Checks the parameters `given` finds by name (`nil`: not given), filling in defaults.
    ///
    /// - Throws: `PreviewParameterError` naming the first bad parameter.
    package func values(given: (String) -> String?) throws(PreviewParameterError) -> PreviewValues {
        var pairs: [PreviewValues.Pair] = []
        pairs.reserveCapacity(parameters.count)
        // By index, so that each parameter is read in place rather than copied out of the array.
        for index in parameters.indices {
            let name = parameters[index].name
            let value = try parameters[index].validate(given(name) ?? parameters[index].defaultValue)
            pairs.append(PreviewValues.Pair(name: name, value: value))
        }
        return PreviewValues(pairs: pairs)
    }

    /// The values of a variant.
    package func values(of variant: PreviewVariant) -> PreviewValues {
        // Variants are declared with valid values; a bad one is a programming error caught by tests.
        (try? values(variant.parameters)) ?? PreviewValues(pairs: [])
    }

    /// The component for `values`.
    package func component(
        _ values: PreviewValues,
        configuration: Configuration = .selfManaged,
        plainAction: TapAction = TapAction(path: "/")
    ) -> any HTMLComponent {
        make(values, configuration, plainAction)
    }

    /// The Swift call that renders `component(values, configuration:plainAction:)`, as source.
    package func swift(
        _ values: PreviewValues,
        configuration: Configuration = .selfManaged,
        plainAction: TapAction = TapAction(path: "/")
    ) -> SwiftCall {
        swiftCall(values, configuration, plainAction)
    }

    /// The rendered fragment for `values`.
    package func render(
        _ values: PreviewValues,
        configuration: Configuration = .selfManaged,
        plainAction: TapAction = TapAction(path: "/")
    ) -> [UInt8] {
        var html = HTMLBuffer(capacity: 1024)
        component(values, configuration: configuration, plainAction: plainAction).render(into: &html)
        return html.bytes
    }
}
