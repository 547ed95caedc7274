import Components
import HTTPCore

/// What the command line asks for.
package enum PreviewCommand: Sendable {
    case serve(PreviewOptions)
    /// `render NAME [key=value …]`: print a component's fragment.
    case render(component: String, parameters: [(name: String, value: String)])
    /// `variant-calls`: print `Tests/PreviewAppTests/VariantCalls.swift` (scripts/generate-variant-calls).
    case variantCalls
    /// `scenarios --base URL [--component NAME] [--junit FILE]`: run every scenario against a server.
    case scenarios(ScenarioCommand.Options)
    /// `snapshots [--update] [--component NAME] [--junit FILE] …`: pictures of every variant, against
    /// the baselines in `Snapshots/`.
    case snapshots(SnapshotCommand.Options)
    case help
    case version
}

/// A command line that could not be understood; the message names the flag.
package struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package var description: String { message }

    package init(message: String) {
        self.message = message
    }
}

extension PreviewOptions {
    package static let version = "preview-server 0.1.0"

    /// The help text of `program` (`preview-server`, or a package's `preview`) serving `components`.
    package static func usage(program: String = "preview-server", components: [String]) -> String {
        """
        Usage: \(program) [options]
               \(program) render COMPONENT [key=value ...]
               \(program) variant-calls
               \(program) scenarios --base URL [--component NAME] [--junit FILE]
               \(program) snapshots [--update] [--component NAME] [--junit FILE] [--tolerance N]

        A local web preview server for self-managed UI components.

        Server:
          --host ADDRESS          address to bind (default 127.0.0.1)
          --port PORT             port to bind; 0 picks a free one (default 8080, or $PORT)
          --threads N             connection threads, and as many for slow handlers (default: cores)
          --max-connections N     connections held at once (default 1024)
          --max-body BYTES        largest request body accepted (default 65536)
          --max-pending N         requests waiting on the simulated service at once; more get 503 (default 4096)
          --request-timeout SECS  time a request may take to arrive in full (default 15)
          --allow-host NAME       also answer to this Host (repeatable); others get 421
          --state FILE            keep every component's committed state in FILE, a SQLite database
                                  (an old text state file is imported beside it, as FILE.sqlite3)
          --public DIR            folder served under /public (default Public)
          --snapshots DIR         the baselines /snapshots shows and accepts into (default Snapshots)
          --snapshots-out DIR     the last snapshots run's pictures and diffs (default .build/snapshots)
          --quiet                 no access log on stderr
          --flash-capacity N      one-time messages (a failed tap's error, shown once on the page a tap
                                  without script returns to) kept for viewers at most, per component;
                                  the oldest go first (default 10000)
          --flash-max-age SECS    such a message is dropped unseen after this long (default 600)
          --render-cache on|off   keep rendered pages and fragments while the state they show is
                                  unchanged (default on; off renders every request)

        The simulated service behind every change (likes, follows, comments, yours):
          --latency-ms MS         latency of each request (default 300)
          --jitter-ms MS          up to this much extra latency at random (default 0)
          --failure-rate RATE     probability that a request fails, 0 to 1 (default 0.2)
          --seed N                seed for reproducible outcomes (default 1)

        Used by the dev supervisor (scripts/dev, preview-dev):
          --listen-fd N           serve the listening socket inherited as descriptor N
          --dev-channel-fd N      talk to the supervisor over descriptor N; adds GET /dev/events
                                  and the dev client to every page
          --dev-build ID          the build this server runs (default 0)

          --help                  show this help
          --version               show the version

        render prints the HTML fragment of a component (\(components.joined(separator: ", "))) for the given
        parameters, exactly as GET /components/COMPONENT/fragment serves it; config=plain
        selects the plain configuration. Bad parameters: a message on stderr, exit 2.
        variant-calls prints every variant's Swift as a test file (Tests/PreviewAppTests/VariantCalls.swift,
        written by scripts/generate-variant-calls).
        scenarios runs every registered component's scenarios (or NAME's) against the server at URL
        (http://HOST:PORT), as GET /components/NAME/scenarios lists them, each as a fresh viewer: a line
        per scenario, then "N passed, N failed"; exit 1 when one failed. --junit writes JUnit XML.
        snapshots takes a picture of every variant of every component (or NAME's) in headless Chromium, at a
        phone's width (375) and a desktop's (1280), light and dark, and compares each with its baseline in
        Snapshots/ (--baselines DIR): a line for each that differs or is new, with its current picture and a
        diff written under .build/snapshots/ (--out DIR); exit 1 then, 0 when all match, 2 on bad input.
        --update writes them as the baselines. --tolerance N lets each channel differ by up to N.
        """
    }

    /// Parses `arguments` (without the program name). `--flag value` and `--flag=value` both work.
    ///
    /// - Parameter environmentPort: The `PORT` environment variable, used unless `--port` is given.
    package static func parse(
        _ arguments: [String], environmentPort: String? = nil
    ) throws(UsageError) -> PreviewCommand {
        if arguments == ["variant-calls"] {
            return .variantCalls
        }
        if arguments.first == "render" {
            return try parseRender(Array(arguments.dropFirst()))
        }
        if arguments.first == "scenarios" {
            return .scenarios(try ScenarioCommand.Options.parse(Array(arguments.dropFirst())))
        }
        if arguments.first == "snapshots" {
            return .snapshots(try SnapshotCommand.Options.parse(Array(arguments.dropFirst())))
        }
        var options = PreviewOptions()
        if let environmentPort {
            options.server.port = try integer(environmentPort, flag: "PORT", in: 0...65535)
        }
        var remaining = arguments[...]
        var devBuild: String?
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else {
                throw UsageError(message: "unexpected argument: \(argument)")
            }
            var flag = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else {
                    throw UsageError(message: "\(flag) needs a value")
                }
                return next
            }
            func noValue() throws(UsageError) {
                if inlineValue != nil { throw UsageError(message: "\(flag) takes no value") }
            }
            switch flag {
            case "--help":
                try noValue()
                return .help
            case "--version":
                try noValue()
                return .version
            case "--quiet":
                try noValue()
                options.server.accessLog = false
            case "--host":
                options.server.host = try value()
                if options.server.host.isEmpty { throw UsageError(message: "--host needs an address") }
            case "--port":
                options.server.port = try integer(try value(), flag: flag, in: 0...65535)
            case "--threads":
                options.server.threads = try integer(try value(), flag: flag, in: 1...256)
            case "--max-connections":
                options.server.maxConnections = try integer(try value(), flag: flag, in: 1...1_000_000)
            case "--max-body":
                options.server.maxBodyBytes = try integer(try value(), flag: flag, in: 0...(1 << 30))
            case "--max-pending":
                options.server.maxPendingRequests = try integer(try value(), flag: flag, in: 1...1_000_000)
            case "--request-timeout":
                options.server.requestTimeoutSeconds = try integer(try value(), flag: flag, in: 1...3600)
            case "--allow-host":
                let name = try value()
                guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "/" }) else {
                    throw UsageError(message: "--allow-host needs a host name, got \(name)")
                }
                options.allowedHosts.append(name)
            case "--state":
                options.stateFile = try value()
                if options.stateFile!.isEmpty { throw UsageError(message: "--state needs a file path") }
            case "--public":
                options.publicFolder = try value()
            case "--snapshots":
                options.snapshots.baselines = try value()
                if options.snapshots.baselines.isEmpty { throw UsageError(message: "--snapshots needs a folder") }
            case "--snapshots-out":
                options.snapshots.output = try value()
                if options.snapshots.output.isEmpty { throw UsageError(message: "--snapshots-out needs a folder") }
            case "--latency-ms":
                options.simulation.latencyMilliseconds = try integer(
                    try value(), flag: flag, in: SimulationSettings.milliseconds)
            case "--jitter-ms":
                options.simulation.jitterMilliseconds = try integer(
                    try value(), flag: flag, in: SimulationSettings.milliseconds)
            case "--failure-rate":
                let text = try value()
                guard let rate = Double(text), rate.isFinite, SimulationSettings.failureRates.contains(rate) else {
                    throw UsageError(message: "--failure-rate must be a number from 0 to 1, got \(text)")
                }
                options.simulation.failureRate = rate
            case "--flash-capacity":
                options.flashLimits.capacity = try integer(try value(), flag: flag, in: 0...10_000_000)
            case "--flash-max-age":
                options.flashLimits.maxAge = .seconds(try integer(try value(), flag: flag, in: 1...86_400))
            case "--render-cache":
                let text = try value()
                switch text {
                case "on": options.renderCache = true
                case "off": options.renderCache = false
                default: throw UsageError(message: "--render-cache must be on or off, got \(text)")
                }
            case "--seed":
                let text = try value()
                guard let seed = UInt64(text) else {
                    throw UsageError(message: "--seed must be a non-negative integer, got \(text)")
                }
                options.simulation.seed = seed
            case "--listen-fd":
                options.server.listenDescriptor = Int32(try integer(try value(), flag: flag, in: 0...65535))
            case "--dev-channel-fd":
                let descriptor = Int32(try integer(try value(), flag: flag, in: 0...65535))
                options.dev = DevConnection(channelDescriptor: descriptor, build: options.dev?.build ?? "0")
            case "--dev-build":
                devBuild = try value()
                if devBuild!.isEmpty { throw UsageError(message: "--dev-build needs a build name") }
            default:
                throw UsageError(message: "unknown option: \(flag)")
            }
        }
        if let devBuild {
            guard options.dev != nil else { throw UsageError(message: "--dev-build needs --dev-channel-fd") }
            options.dev?.build = devBuild
        }
        return .serve(options)
    }

    private static func parseRender(_ arguments: [String]) throws(UsageError) -> PreviewCommand {
        guard let component = arguments.first, !component.hasPrefix("-") else {
            throw UsageError(message: "render needs a component name")
        }
        var parameters: [(name: String, value: String)] = []
        for argument in arguments.dropFirst() {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw UsageError(message: "render parameters are key=value, got \(argument)")
            }
            parameters.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
        }
        return .render(component: component, parameters: parameters)
    }

    private static func integer(_ text: String, flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                message: "\(flag) must be an integer from \(range.lowerBound) to \(range.upperBound), got \(text)")
        }
        return number
    }
}

extension SimulationSettings {
    /// The server flags that start a server with these settings.
    package var commandLineArguments: [String] {
        [
            "--latency-ms", String(latencyMilliseconds), "--jitter-ms", String(jitterMilliseconds),
            "--failure-rate", String(failureRate), "--seed", String(seed),
        ]
    }
}
