import Components
import HTTPCore

/// What the command line asks for.
public enum PreviewCommand: Sendable {
    case serve(PreviewOptions)
    case help
    case version
}

/// A command line that could not be understood; the message names the flag.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}

extension PreviewOptions {
    public static let version = "preview-server 0.1.0"

    public static let usage = """
        Usage: preview-server [options]

        A local web preview server for self-managed UI components.

        Server:
          --host ADDRESS          address to bind (default 127.0.0.1)
          --port PORT             port to bind; 0 picks a free one (default 8080, or $PORT)
          --threads N             server threads (default: number of cores)
          --max-connections N     connections held at once (default 1024)
          --max-body BYTES        largest request body accepted (default 65536)
          --public DIR            folder served under /public (default Public)
          --quiet                 no access log on stderr

        Simulated like service:
          --latency-ms MS         latency of each like request (default 300)
          --jitter-ms MS          up to this much extra latency at random (default 0)
          --failure-rate RATE     probability that a like request fails, 0 to 1 (default 0.2)
          --seed N                seed for reproducible outcomes (default 1)

          --help                  show this help
          --version               show the version
        """

    /// Parses `arguments` (without the program name). `--flag value` and `--flag=value` both work.
    ///
    /// - Parameter environmentPort: The `PORT` environment variable, used unless `--port` is given.
    public static func parse(_ arguments: [String], environmentPort: String? = nil) throws(UsageError) -> PreviewCommand
    {
        var options = PreviewOptions()
        if let environmentPort {
            options.server.port = try integer(environmentPort, flag: "PORT", in: 0...65535)
        }
        var remaining = arguments[...]
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
            case "--public":
                options.publicFolder = try value()
            case "--latency-ms":
                options.simulation.latencyMilliseconds = try integer(try value(), flag: flag, in: 0...60_000)
            case "--jitter-ms":
                options.simulation.jitterMilliseconds = try integer(try value(), flag: flag, in: 0...60_000)
            case "--failure-rate":
                let text = try value()
                guard let rate = Double(text), rate.isFinite, (0...1).contains(rate) else {
                    throw UsageError(message: "--failure-rate must be a number from 0 to 1, got \(text)")
                }
                options.simulation.failureRate = rate
            case "--seed":
                let text = try value()
                guard let seed = UInt64(text) else {
                    throw UsageError(message: "--seed must be a non-negative integer, got \(text)")
                }
                options.simulation.seed = seed
            default:
                throw UsageError(message: "unknown option: \(flag)")
            }
        }
        return .serve(options)
    }

    private static func integer(_ text: String, flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                message: "\(flag) must be an integer from \(range.lowerBound) to \(range.upperBound), got \(text)")
        }
        return number
    }
}
