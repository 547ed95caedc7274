import Basics
import HTTPCore
import PreviewApp

#if canImport(Glibc)
    import Glibc
#endif

// A thin executable: parse the command line, build the app, run it.

let command: PreviewCommand
do {
    command = try PreviewOptions.parse(
        Array(CommandLine.arguments.dropFirst()), environmentPort: getenv("PORT").map { String(cString: $0) })
} catch {
    StandardError.write("preview-server: \(error.message)\n\n\(PreviewOptions.usage)\n")
    exit(2)
}

switch command {
case .help:
    StandardOutput.write(PreviewOptions.usage + "\n")
case .version:
    StandardOutput.write(PreviewOptions.version + "\n")
case .render(let component, let parameters):
    do {
        StandardOutput.write(
            String(decoding: try FragmentRenderer.render(component: component, parameters: parameters), as: UTF8.self))
    } catch {
        StandardError.write("preview-server: \(error.message)\n")
        exit(2)
    }
case .variantCalls:
    StandardOutput.write(VariantCallsFile.source())
case .serve(let options):
    do {
        let app = try Application(options: options)
        try app.serve()
    } catch {
        StandardError.write("preview-server: \(error.message)\n")
        exit(1)
    }
}
