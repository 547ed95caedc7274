// The kit's seam, as one import for a package of your own: `import PreviewKit` brings what a component
// author writes against — the module protocol and the kinds (ComponentModule, SelfManagedDefinition and its
// model, ToggleDefinition, ChoiceDefinition, CommentDefinition, NavigationDefinition), previews, HTML escaped
// by construction, the HTTP values a model speaks (HTTPStatus, HTTPError, JSONValue, FormFields) and the
// app's entry point (PreviewCommandLine). The runtime is not here: HTTP's routing and server
// (`import HTTPCore`, the PreviewKitHTTP product, for routes of your own), the state store, the caches. The
// demo's components are `import Demo` (the PreviewKitDemo product); tests use PreviewKitTesting.
@_exported import Basics
@_exported import Components
@_exported import HTML
@_exported import HTTPValues
@_exported import PreviewApp
