import Basics
import Components
import HTTPCore

#if canImport(Glibc)
    import Glibc
#endif

/// The preview server's command line, for any set of modules: what `preview-server` runs with the demo,
/// and what a package of your own runs as its `preview` executable with its components. Every flag of
/// `preview-server` works the same in both.
///
/// ```swift
/// // Sources/preview/main.swift
/// PreviewCommandLine.run(program: "preview") { context in MyComponents.modules(context) }
/// ```
public enum PreviewCommandLine {
    /// Parses the command line, then serves, renders a fragment, prints the variant calls, runs the
    /// scenarios or takes the snapshots; exits with 2 on a usage error, 1 when the server cannot start.
    ///
    /// - Parameters:
    ///   - program: The name in messages and the help.
    ///   - variantCallImports: The modules the variant calls' test file imports (those that declare the
    ///     components).
    ///   - service: The changes' "network"; the simulated one from the flags when `nil`.
    ///   - components: Makes the modules to register from the app's context.
    public static func run(
        program: String = "preview-server", variantCallImports: [String] = [], service: (any ComponentService)? = nil,
        components: @escaping (ComponentContext) -> [any ComponentModule]
    ) -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // The catalogue alone, for the help and for commands that serve nothing.
        let catalog = ComponentCatalog(modules: components(ComponentContext()))
        let usage = PreviewOptions.usage(program: program, components: catalog.names)
        let command: PreviewCommand
        do {
            command = try PreviewOptions.parse(arguments, environmentPort: getenv("PORT").map { String(cString: $0) })
        } catch {
            StandardError.write("\(program): \(error.message)\n\n\(usage)\n")
            exit(2)
        }
        switch command {
        case .help:
            StandardOutput.write(usage + "\n")
        case .version:
            StandardOutput.write(PreviewOptions.version + "\n")
        case .render(let component, let parameters):
            do {
                let fragment = try FragmentRenderer.render(
                    component: component, parameters: parameters, catalog: catalog)
                StandardOutput.write(String(decoding: fragment, as: UTF8.self))
            } catch {
                StandardError.write("\(program): \(error.message)\n")
                exit(2)
            }
        case .variantCalls:
            StandardOutput.write(VariantCallsFile.source(catalog: catalog, imports: variantCallImports))
        case .scenarios(let options):
            exit(ScenarioCommand.run(options))
        case .snapshots(let options):
            exit(SnapshotCommand.run(options, service: service, components: components))
        case .serve(let options):
            do {
                let app = try Application(options: options, service: service, components: components)
                try app.serve()
            } catch {
                StandardError.write("\(program): \(error.message)\n")
                exit(1)
            }
        }
        exit(0)
    }
}
