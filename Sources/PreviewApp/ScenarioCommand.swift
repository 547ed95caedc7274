import Basics
import Components
import Dispatch
import HTTPCore
import HTTPWire
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `preview-server scenarios --base URL [--component NAME] [--junit FILE]`: runs every scenario of every
/// component a running server registers (as `/components.json` links them), each as a fresh viewer,
/// against that server over HTTP. Prints a line per scenario and `N passed, N failed`; exits 1 when one
/// failed, 2 when the server cannot be read.
package enum ScenarioCommand {
    package struct Options: Sendable, Equatable {
        /// `http://HOST:PORT`.
        package var base: String
        package var component: String?
        package var junit: String?

        package init(base: String, component: String? = nil, junit: String? = nil) {
            self.base = base
            self.component = component
            self.junit = junit
        }

        static func parse(_ arguments: [String]) throws(UsageError) -> Options {
            var base: String?
            var component: String?
            var junit: String?
            var remaining = arguments[...]
            while let argument = remaining.popFirst() {
                var name = argument
                var value: String?
                if let equals = argument.firstIndex(of: "=") {
                    name = String(argument[..<equals])
                    value = String(argument[argument.index(after: equals)...])
                }
                guard ["--base", "--component", "--junit"].contains(name) else {
                    throw UsageError(
                        message: "scenarios takes --base URL, --component NAME and --junit FILE; got \(argument)")
                }
                guard let given = value ?? remaining.popFirst() else {
                    throw UsageError(message: "\(name) needs a value")
                }
                switch name {
                case "--base": base = given
                case "--component": component = given
                default: junit = given
                }
            }
            guard let base else { throw UsageError(message: "scenarios needs --base URL (http://127.0.0.1:8080)") }
            guard Endpoint(base) != nil else {
                throw UsageError(message: "--base must be http://HOST:PORT, got \(base)")
            }
            return Options(base: base, component: component, junit: junit)
        }
    }

    /// Where a base URL points: `http://HOST[:PORT]`.
    struct Endpoint: Sendable {
        var host: String
        var port: Int

        init?(_ base: String) {
            guard base.hasPrefix("http://") else { return nil }
            var rest = base.dropFirst("http://".count)
            while rest.last == "/" { rest.removeLast() }
            guard !rest.isEmpty, !rest.contains("/") else { return nil }
            if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                host = String(rest[rest.index(after: rest.startIndex)..<close])
                let after = rest[rest.index(after: close)...]
                port = after.isEmpty ? 80 : Int(after.dropFirst()) ?? -1
            } else if let colon = rest.lastIndex(of: ":") {
                host = String(rest[..<colon])
                port = Int(rest[rest.index(after: colon)...]) ?? -1
            } else {
                host = String(rest)
                port = 80
            }
            guard !host.isEmpty, (1...65535).contains(port) else { return nil }
        }

        /// Sends `request` on a connection of its own and reads the answer, on a thread of its own: the
        /// socket calls block, and a blocked thread of the cooperative pool (two on a two-core machine)
        /// could hold up whatever else awaits there, a server in the same process included.
        func send(
            _ request: ScenarioRequest, sent: @escaping @Sendable () -> Void = {}
        ) async throws -> ScenarioResponse {
            try await withCheckedThrowingContinuation { continuation in
                let thread = NamedThread.start(name: "scenario-http") {
                    continuation.resume(with: Result { try blockingSend(request, sent: sent) })
                }
                if let thread {
                    pthread_detach(thread)
                } else {
                    continuation.resume(throwing: HTTPConnection.Failure(description: "cannot start a thread"))
                }
            }
        }

        private func blockingSend(_ request: ScenarioRequest, sent: @Sendable () -> Void) throws -> ScenarioResponse {
            let connection = try HTTPConnection(host: host, port: port, timeoutSeconds: 30)
            var lines = request.headers.map { "\($0.name): \($0.value)" }
            lines.append("Connection: close")
            try connection.writeRequest(request.method, request.path, headers: lines, body: request.body)
            sent()
            let response = try connection.readResponse(bodyless: request.method == "HEAD")
            return ScenarioResponse(status: response.statusCode, headers: response.headers, body: response.body)
        }
    }

    /// Runs the command; returns the exit status.
    package static func run(
        _ options: Options, output: @escaping @Sendable (String) -> Void = { StandardOutput.write($0) }
    )
        -> Int32
    {
        let status = Mutex<Int32>(2)
        let done = DispatchSemaphore(value: 0)
        Task {
            let code = await runAll(options, output: output)
            status.withLock { $0 = code }
            done.signal()
        }
        done.wait()
        return status.withLock { $0 }
    }

    static func runAll(_ options: Options, output: @Sendable (String) -> Void) async -> Int32 {
        guard let endpoint = Endpoint(options.base) else { return 2 }
        let catalogue: JSONValue
        do {
            catalogue = try JSONValue(parsing: try await endpoint.send(.get("/components.json")).body)
        } catch {
            output("cannot read \(options.base)/components.json: \(error)\n")
            return 2
        }
        guard case .array(let components)? = catalogue["/components"] else {
            output("\(options.base)/components.json lists no components\n")
            return 2
        }
        var listed: [(name: String, path: String)] = []
        for component in components {
            guard case .string(let name)? = component["/name"], case .string(let path)? = component["/scenarios"]
            else { continue }
            if let wanted = options.component, wanted != name { continue }
            listed.append((name, path))
        }
        if let wanted = options.component, listed.isEmpty {
            output("\(options.base) has no component \(wanted) with scenarios\n")
            return 2
        }
        let runner = ScenarioRunner(sending: { request, sent in try await endpoint.send(request, sent: sent) })
        var reports: [ScenarioReport] = []
        for (name, path) in listed {
            let scenarios: [Scenario]
            do {
                let listing = try JSONValue(parsing: try await endpoint.send(.get(path)).body)
                guard case .array(let all)? = listing["/scenarios"] else {
                    throw Scenario.DecodingError(description: "no scenarios array")
                }
                scenarios = try all.map { (json) throws(Scenario.DecodingError) in try Scenario(json: json) }
            } catch {
                output("cannot read \(options.base)\(path): \(error)\n")
                return 2
            }
            for scenario in scenarios {
                let report = await runner.run(scenario, component: name)
                output(report.line + "\n")
                reports.append(report)
            }
        }
        let failed = reports.count { !$0.passed }
        output("\(reports.count - failed) passed, \(failed) failed\n")
        if let junit = options.junit {
            guard write(ScenarioReport.junit(reports), to: junit) else {
                output("cannot write \(junit): \(String(cString: strerror(errno)))\n")
                return 2
            }
        }
        return failed == 0 ? 0 : 1
    }

    /// Writes `text` to the file at `path`, replacing it.
    static func write(_ text: String, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return writeAll(text, to: fd)
    }
}
