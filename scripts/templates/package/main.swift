import PreviewKit
import __Module__

// The preview server over this package's components.
PreviewCommandLine.run(program: "preview", variantCallImports: ["__Module__"]) { context in
    __Module__.modules(context)
}
