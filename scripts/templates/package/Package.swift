// swift-tools-version:6.0
import PackageDescription

// Components of your own, previewed by the self-managed preview kit (a checkout of it, by path).
let package = Package(
    name: "__package__",
    platforms: [.macOS(.v15)],
    products: [
        // The preview server over this package's components: every flag of preview-server.
        .executable(name: "preview", targets: ["preview"])
    ],
    dependencies: [
        .package(path: "__KIT_PATH__")
    ],
    targets: [
        // The components: one folder each, with the plain view, +SelfManaged, +Previews and its stylesheet,
        // which the server reads from here when asked for (so SwiftPM leaves it out of the build).
        // Routes of your own beside the components' (a module's `addRoutes`): add
        // `.product(name: "PreviewKitHTTP", package: "__KIT_ID__")` here and `import HTTPCore`.
        .target(
            name: "__Module__", dependencies: [.product(name: "PreviewKit", package: "__KIT_ID__")],
            exclude: [
                // new-component: stylesheets above this line
            ]),
        .executableTarget(
            name: "preview",
            dependencies: ["__Module__", .product(name: "PreviewKit", package: "__KIT_ID__")]),
        .testTarget(
            name: "__Module__Tests",
            dependencies: [
                "__Module__", .product(name: "PreviewKit", package: "__KIT_ID__"),
                .product(name: "PreviewKitTesting", package: "__KIT_ID__"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
