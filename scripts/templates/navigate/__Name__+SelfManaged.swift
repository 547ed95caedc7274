import PreviewKit

/// The self-managed __Name__: configured with a destination, it handles its own tap by navigating there.
/// The kit's `NavigationRoutes` does it from `navigation`, this component's declaration:
/// `POST /components/__name__/tap` with `to` answers `303` to the page it names (with `HX-Request: true`,
/// `200` and `HX-Redirect`); an unknown destination is `404`.
extension __Name__ {
    /// This file, which declares the component's own tap (the gallery names it).
    public static let handlerFile = #filePath

    /// The pages a tap can go to, by name.
    public static let destinations = ["home": "/", "catalogue": "/components.json", "self": "/components/__name__"]

    /// The component as a navigating one: its field and words.
    public static let navigation = NavigationDefinition(
        name: "__name__", title: "__Name__",
        target: TapTarget("to", noun: "destination", purpose: "the page to open", example: "home"),
        summary: "Tap a __Name__: go to the page it names",
        destinationDescription: "the page it names")

    public static let tapPath = navigation.tapPath

    /// The component as the app registers it: its previews, its styles and its tap.
    public static func module(_ context: ComponentContext) -> NavigationModule {
        NavigationModule(navigation, preview: preview, styles: .file("__Name__.css"), context: context) { destinations[$0] }
    }

    /// A __Name__ that goes to the destination named `to` when tapped.
    public static func selfManaged(to destination: String, label: String) -> __Name__ {
        __Name__(label: label, action: TapAction(path: tapPath, fields: [.init("to", destination)]))
    }
}
