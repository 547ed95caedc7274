// The kit, as one import for a package of your own: `import PreviewKit` brings the component seam
// (ComponentModule, ToggleModule, NavigationModule), HTML escaped by construction, HTTP, and the app
// with its command line (PreviewCommandLine). The demo's components are `import Demo`.
@_exported import Basics
@_exported import Components
@_exported import HTML
@_exported import HTTPCore
@_exported import PreviewApp
