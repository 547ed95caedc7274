import Demo
import PreviewApp

// A thin executable: the preview server's command line over the demo's modules.
PreviewCommandLine.run(variantCallImports: ["Demo"]) { context in Demo.modules(context) }
