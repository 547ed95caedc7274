import Components
import HTTPCore
import PreviewApp
import Testing

@Suite struct PreviewOptionsTests {
    private func options(_ arguments: [String], port: String? = nil) throws -> PreviewOptions {
        guard case .serve(let options) = try PreviewOptions.parse(arguments, environmentPort: port) else {
            throw UsageError(message: "expected serve")
        }
        return options
    }

    @Test func defaults() throws {
        let defaults = try options([])
        #expect(defaults.server.host == "127.0.0.1")
        #expect(defaults.server.port == 8080)
        #expect(defaults.server.maxBodyBytes == 65_536)
        #expect(defaults.simulation.latencyMilliseconds == 300)
        #expect(defaults.simulation.failureRate == 0.2)
        #expect(defaults.server.accessLog)
    }

    @Test func flagsWithSeparateAndInlineValues() throws {
        let parsed = try options([
            "--host", "::1", "--port=0", "--threads", "3", "--max-connections", "10", "--max-body=100",
            "--latency-ms", "5", "--jitter-ms=2", "--failure-rate", "0.5", "--seed", "9", "--quiet", "--public",
            "/tmp/p",
        ])
        #expect(parsed.server.host == "::1")
        #expect(parsed.server.port == 0)
        #expect(parsed.server.threads == 3)
        #expect(parsed.server.maxConnections == 10)
        #expect(parsed.server.maxBodyBytes == 100)
        #expect(parsed.simulation == .init(latencyMilliseconds: 5, jitterMilliseconds: 2, failureRate: 0.5, seed: 9))
        #expect(!parsed.server.accessLog)
        #expect(parsed.publicFolder == "/tmp/p")
    }

    @Test func flashLimitsAreReadAndCheckedWithDefaultsFromTheHelp() throws {
        #expect(try options([]).flashLimits == FlashLimits(capacity: 10_000, maxAge: .seconds(600)))
        let parsed = try options(["--flash-capacity", "3", "--flash-max-age=60"])
        #expect(parsed.flashLimits == FlashLimits(capacity: 3, maxAge: .seconds(60)))
        #expect(
            PreviewOptions.usage(components: ComponentCatalog.demo.names).contains("(default 10000)")
                && PreviewOptions.usage(components: ComponentCatalog.demo.names).contains("(default 600)"))
        #expect(throws: UsageError.self) { try PreviewOptions.parse(["--flash-max-age", "0"]) }
        #expect(throws: UsageError.self) { try PreviewOptions.parse(["--flash-capacity", "-1"]) }
    }

    @Test func theRenderCacheIsOnUnlessTurnedOff() throws {
        #expect(try options([]).renderCache)
        #expect(try options(["--render-cache", "on"]).renderCache)
        #expect(try !options(["--render-cache=off"]).renderCache)
        let error = #expect(throws: UsageError.self) { try PreviewOptions.parse(["--render-cache", "no"]) }
        #expect(error?.message == "--render-cache must be on or off, got no")
    }

    @Test func portFromEnvironmentUnlessGiven() throws {
        #expect(try options([], port: "9000").server.port == 9000)
        #expect(try options(["--port", "9001"], port: "9000").server.port == 9001)
        #expect(throws: UsageError.self) { try options([], port: "http") }
    }

    @Test func helpAndVersion() throws {
        guard case .help = try PreviewOptions.parse(["--port", "1", "--help"]) else {
            Issue.record("--help")
            return
        }
        guard case .version = try PreviewOptions.parse(["--version"]) else {
            Issue.record("--version")
            return
        }
    }

    @Test(arguments: [
        (["--bogus"], "unknown option: --bogus"),
        (["--port"], "--port needs a value"),
        (["--port", "70000"], "--port must be an integer from 0 to 65535, got 70000"),
        (["--port", "x"], "--port must be an integer from 0 to 65535, got x"),
        (["--failure-rate", "1.5"], "--failure-rate must be a number from 0 to 1, got 1.5"),
        (["--failure-rate", "nan"], "--failure-rate must be a number from 0 to 1, got nan"),
        (["--seed", "-1"], "--seed must be a non-negative integer, got -1"),
        (["--quiet=yes"], "--quiet takes no value"),
        (["serve"], "unexpected argument: serve"),
        (["--dev-build", "3"], "--dev-build needs --dev-channel-fd"),
        (["--listen-fd", "-1"], "--listen-fd must be an integer from 0 to 65535, got -1"),
    ])
    func badFlagsNameTheProblem(arguments: [String], message: String) {
        let error = #expect(throws: UsageError.self) { try PreviewOptions.parse(arguments) }
        #expect(error?.message == message)
    }

    @Test func usageListsEveryFlag() {
        for flag in [
            "--host", "--port", "--threads", "--max-connections", "--max-body", "--public", "--quiet", "--latency-ms",
            "--jitter-ms", "--failure-rate", "--seed", "--help", "--version", "--listen-fd", "--dev-channel-fd",
            "--dev-build", "--flash-capacity", "--flash-max-age", "--render-cache",
        ] {
            #expect(PreviewOptions.usage(components: ComponentCatalog.demo.names).contains(flag), "\(flag)")
        }
    }

    @Test func theSupervisorsFlagsAreRead() throws {
        guard
            case .serve(let options) = try PreviewOptions.parse([
                "--listen-fd", "3", "--dev-channel-fd=4", "--dev-build", "9.2",
            ])
        else {
            Issue.record("not a serve command")
            return
        }
        #expect(options.server.listenDescriptor == 3)
        #expect(options.dev == DevConnection(channelDescriptor: 4, build: "9.2"))
        guard case .serve(let plain) = try PreviewOptions.parse([]) else { return }
        #expect(plain.dev == nil && plain.server.listenDescriptor == nil)
    }
}
