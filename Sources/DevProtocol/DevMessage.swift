/// One message on the channel between the dev supervisor (`preview-dev`) and the server it runs: a line
/// of UTF-8, the message's name, a space and its data (which holds no line break).
///
/// ```swift
/// DevMessage.css(path: "/public/app.css").line   // "css /public/app.css\n"
/// DevMessage(line: "reload 7")                    // .reload(build: "7")
/// ```
package enum DevMessage: Sendable, Equatable {
    // From the supervisor to the server, which passes them on to its pages as server-sent events.

    /// A build started.
    case building
    /// A new build is about to serve: pages reload.
    case reload(build: String)
    /// A stylesheet changed: pages swap it in place.
    case css(path: String)
    /// A build failed: the JSON of its diagnostics and output (see `BuildReport`).
    case buildFailed(json: String)
    /// Stop as on `SIGTERM`, after passing on the messages before this one (a `reload` reaches the pages
    /// before their streams end; a signal could overtake it).
    case stop

    // From the server to the supervisor.

    /// The server is accepting connections.
    case ready
    /// The like service's simulation settings, as server flags, so that the next server starts with them.
    case simulation(arguments: [String])

    /// The message as one line, with its final line feed. Line breaks in data become spaces.
    package var line: String {
        func flat(_ text: String) -> String {
            String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        }
        switch self {
        case .building: return "building\n"
        case .reload(let build): return "reload \(flat(build))\n"
        case .css(let path): return "css \(flat(path))\n"
        case .buildFailed(let json): return "build-failed \(flat(json))\n"
        case .stop: return "stop\n"
        case .ready: return "ready\n"
        case .simulation(let arguments): return "simulation \(flat(arguments.joined(separator: " ")))\n"
        }
    }

    /// Parses one line (without its line feed); `nil` for anything unknown.
    package init?(line: some StringProtocol) {
        let name: Substring
        let data: String
        if let space = line.firstIndex(of: " ") {
            name = Substring(line[..<space])
            data = String(line[line.index(after: space)...])
        } else {
            name = Substring(line)
            data = ""
        }
        switch name {
        case "building": self = .building
        case "reload": self = .reload(build: data)
        case "css": self = .css(path: data)
        case "build-failed": self = .buildFailed(json: data)
        case "stop": self = .stop
        case "ready": self = .ready
        case "simulation": self = .simulation(arguments: data.split(separator: " ").map(String.init))
        default: return nil
        }
    }

    /// The server-sent event's name for a message the pages receive; `nil` for the others.
    package var eventName: String? {
        switch self {
        case .building: "building"
        case .reload: "reload"
        case .css: "css"
        case .buildFailed: "build-failed"
        case .stop, .ready, .simulation: nil
        }
    }

    /// The server-sent event's data.
    package var eventData: String {
        switch self {
        case .building, .stop, .ready: ""
        case .reload(let build): build
        case .css(let path): path
        case .buildFailed(let json): json
        case .simulation(let arguments): arguments.joined(separator: " ")
        }
    }
}
