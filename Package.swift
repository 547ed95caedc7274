// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "self-managed-preview",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "preview-server", targets: ["preview-server"]),
        .executable(name: "preview-dev", targets: ["preview-dev"]),
        // What a package of your own depends on (by path): `import PreviewKit`, the kit's seam (kinds,
        // previews, the module protocol, HTML and HTTP vocabulary, the app's entry point) and nothing of its
        // runtime, which is `package` to this tree.
        .library(name: "PreviewKit", targets: ["PreviewKit"]),
        // The demo's components and pages (`import Demo`), for a package that registers them beside its own.
        .library(name: "PreviewKitDemo", targets: ["Demo"]),
        // Its tests' kit: in-process and live requests (HTTPTesting), scripted services (ComponentTesting),
        // and a plain HTTP/1.1 connection (HTTPWire).
        .library(name: "PreviewKitTesting", targets: ["HTTPTesting", "ComponentTesting", "HTTPWire"]),
        // HTTP's routing, OpenAPI documentation and server, for a package that adds routes of its own
        // (`import HTTPCore`); the seam needs none of it.
        .library(name: "PreviewKitHTTP", targets: ["HTTPCore"]),
        .library(name: "PreviewApp", targets: ["PreviewApp"]),
    ],
    targets: [
        // C stays here: the only module that sees libmicrohttpd's header.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // And the only module that sees SQLite's header.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // And the only module that sees libpng's header.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Pictures: PNG files read and written by libpng, what differs between two of them,
        // and a headless Chromium driven over its DevTools pipe, which takes them.
        .target(name: "Pictures", dependencies: ["CPNG", "Basics", "HTTPCore"]),
        // A small layer over SQLite: a connection, statements run by SQL text, transactions, errors with
        // SQLite's message. No SQLite type is public beyond it.
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        // What is not HTTP and Foundation would otherwise give: wall-clock time, durations in whole units,
        // a seeded random generator, the standard streams.
        .target(name: "Basics"),
        // The values a component's model and actions speak, beside HTTP's: statuses, errors with their
        // headers, JSON, form fields. Part of the seam; HTTPCore re-exports them.
        .target(name: "HTTPValues"),
        // Requests, responses, routing, forms, static files and the server loop.
        .target(name: "HTTPCore", dependencies: ["CMicroHTTPD", "Basics", "HTTPValues"]),
        // HTML escaped by construction, rendered into byte buffers.
        .target(name: "HTML"),
        // The component kit: the seam a component brings itself through (ComponentModule), the
        // optimistic-toggle and navigation cores, previews, the simulated service, viewers, events.
        .target(name: "Components", dependencies: ["Basics", "HTTPCore", "HTML"]),
        // The app's runtime store: the state database (SQLite) every stateful component's committed state is
        // kept in with `--state`, the writer that keeps it current, and the importers of older formats
        // (`Legacy/`). Beside the app, below no component: components know only `ComponentState`.
        .target(name: "StateStore", dependencies: ["Basics", "Components", "SQLite"]),
        // The channel between the dev supervisor and the servers it runs.
        .target(name: "DevProtocol"),
        // The app over any list of modules: gallery, page chrome, wiring, command line. Names no component.
        .target(
            name: "PreviewApp",
            dependencies: [
                "Basics", "HTTPCore", "HTML", "Components", "StateStore", "DevProtocol", "Pictures", "HTTPWire",
            ]),
        // The demo: AvatarView, LikeButton, FollowButton, and the pages that place them, over fixtures.
        // Components scaffolded here (scripts/new-component) import PreviewKit, as a package of your own does.
        // Its components' stylesheets are read from the sources when asked for (ComponentStyles.file), so
        // SwiftPM leaves them out of the build; scripts/new-component adds a new one's above the marker.
        .target(
            name: "Demo", dependencies: ["Basics", "HTTPCore", "HTML", "Components", "PreviewApp", "PreviewKit"],
            exclude: [
                "AvatarView/AvatarView.css",
                "CommentBox/CommentBox.css",
                "FollowButton/FollowButton.css",
                "LikeButton/LikeButton.css",
                "StarRating/StarRating.css",
                // new-component: stylesheets above this line
            ]),
        // The one module an outside package imports: the kit, re-exported.
        .target(name: "PreviewKit", dependencies: ["Basics", "HTTPValues", "HTML", "Components", "PreviewApp"]),
        // A thin executable: the command line over the demo's modules.
        .executableTarget(name: "preview-server", dependencies: ["PreviewApp", "Demo"]),
        // The demo with a service that saves what it is told to fail: what the scenarios must catch.
        .executableTarget(name: "broken-preview-server", dependencies: ["PreviewApp", "Demo", "Components"]),
        // The dev supervisor (scripts/dev): watches, rebuilds, swaps servers on one socket, tells the pages.
        .target(name: "DevSupervisor", dependencies: ["DevProtocol", "HTTPCore", "Basics"]),
        .executableTarget(name: "preview-dev", dependencies: ["DevSupervisor", "PreviewApp", "HTTPCore", "Basics"]),
        // Render-only benchmark (release mode, run by scripts/bench): microseconds per page and fragment.
        .executableTarget(
            name: "render-bench", dependencies: ["PreviewApp", "Demo", "Components", "HTTPCore", "Basics"]),
        // The test kit's client without Swift Testing: a plain HTTP/1.1 connection over TCP, for tests that
        // need exact bytes on the wire and for `preview-server scenarios --base`, which tests a live server.
        .target(name: "HTTPWire", dependencies: ["HTTPCore"]),
        // A test kit: in-process requests, a live server on port 0, URLSession and raw-socket clients.
        .target(name: "HTTPTesting", dependencies: ["HTTPCore", "HTTPWire"]),
        // A test kit for components: a toggle service scripted call by call, deadlines for waits, and the
        // check that kept pages agree with fresh renders after every tap of every registered component.
        .target(
            name: "ComponentTesting", dependencies: ["Components", "PreviewApp", "HTTPTesting", "HTTPCore", "Basics"]),
        // The properties the libFuzzer targets check, shared with the fuzz regression tests.
        .target(name: "FuzzProperties", dependencies: ["Basics", "HTTPCore", "HTML"]),

        // What the tests of the kit, the demo, the state store and the app share: viewers written as string
        // literals, a counter, a clock that records its sleeps, the stored state's members and comments.
        .target(name: "TestKit", dependencies: ["Components", "HTTPCore"], path: "Tests/TestKit"),

        .testTarget(name: "BasicsTests", dependencies: ["Basics"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "Basics"]),
        .testTarget(name: "HTTPCoreTests", dependencies: ["HTTPCore", "HTTPTesting", "FuzzProperties"]),
        .testTarget(name: "HTMLTests", dependencies: ["HTML", "HTTPCore", "Basics", "FuzzProperties", "HTTPTesting"]),
        .testTarget(
            name: "ComponentsTests",
            dependencies: ["Components", "Basics", "HTTPCore", "HTML", "HTTPTesting", "ComponentTesting", "TestKit"]),
        .testTarget(
            name: "StateStoreTests",
            dependencies: ["StateStore", "Components", "Basics", "ComponentTesting", "SQLite", "TestKit"]),
        .testTarget(
            name: "DemoTests",
            dependencies: [
                "Demo", "PreviewKit", "Components", "Basics", "HTTPCore", "HTML", "HTTPTesting", "ComponentTesting",
                "TestKit",
            ]),
        .testTarget(
            name: "DevSupervisorTests", dependencies: ["DevSupervisor", "DevProtocol", "HTTPTesting"],
            exclude: ["Fixtures"]  // real `swift build` outputs, read from the source tree
        ),
        .testTarget(
            name: "PreviewAppTests",
            dependencies: [
                "PreviewApp", "Demo", "Components", "Basics", "HTTPCore", "HTML", "HTTPTesting", "DevProtocol",
                "ComponentTesting", "StateStore", "TestKit", "Pictures",
            ],
            exclude: ["Snapshots"]  // golden files, read from the source tree by SnapshotTests
        ),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets, built only by scripts/fuzz (FUZZ=1 with -sanitize=fuzzer); normal builds never see them.
if Context.environment["FUZZ"] == "1" {
    package.targets += [
        .systemLibrary(name: "CLibFuzzer", path: "Sources/Fuzz/CLibFuzzer"),
        .executableTarget(
            name: "fuzz-form", dependencies: ["HTTPCore", "FuzzProperties", "CLibFuzzer"],
            path: "Sources/Fuzz/fuzz-form"),
        .executableTarget(
            name: "fuzz-router", dependencies: ["HTTPCore", "FuzzProperties", "CLibFuzzer"],
            path: "Sources/Fuzz/fuzz-router"),
        .executableTarget(
            name: "fuzz-html", dependencies: ["HTML", "FuzzProperties", "CLibFuzzer"], path: "Sources/Fuzz/fuzz-html"),
        .executableTarget(
            name: "fuzz-cookies", dependencies: ["HTTPCore", "FuzzProperties", "CLibFuzzer"],
            path: "Sources/Fuzz/fuzz-cookies"),
    ]
}
