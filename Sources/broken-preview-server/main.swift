import Components
import Demo
import PreviewApp

// The demo's server with a broken service on purpose: it saves every change, even one that
// `X-Simulate-Failure: always` asks to fail, so its handlers commit where they should roll back. It exists
// to show that the scenarios catch a broken handler (the browser test of the gallery's Scenarios panel
// runs against it); never serve it for anything else.
struct SavesEverything: ComponentService {
    func send(_ request: ServiceRequest) async throws(ServiceError) {}
}

PreviewCommandLine.run(program: "broken-preview-server", service: SavesEverything()) { context in
    Demo.modules(context)
}
