import Foundation
import HTTPTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `preview-server` binary as scripts use it: flags, exit codes, the listening line, signals.
@Suite(.serialized) struct ExecutableTests {
    /// A started server process with its output captured.
    final class ServerProcess: @unchecked Sendable {
        let process = Process()
        let stdout = Pipe()
        let stderr = Pipe()

        init(_ arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: PackagePaths.serverBinary)
            process.arguments = arguments
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
        }

        /// Waits for the first line on stdout.
        func firstLine() -> String {
            var line = Data()
            while true {
                let byte = stdout.fileHandleForReading.readData(ofLength: 1)
                if byte.isEmpty || byte == Data([0x0A]) { break }
                line.append(byte)
            }
            return String(decoding: line, as: UTF8.self)
        }

        func waitForExit() -> Int32 {
            process.waitUntilExit()
            return process.terminationStatus
        }

        var errorOutput: String {
            String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
    }

    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let server = try ServerProcess(arguments)
        let out = String(decoding: server.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = server.errorOutput
        return (server.waitForExit(), out, err)
    }

    @Test func helpListsFlagsAndExitsZero() throws {
        let result = try run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--failure-rate"))
        #expect(result.stdout.contains("--port"))
    }

    @Test func versionPrintsAVersion() throws {
        let result = try run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("preview-server "))
    }

    @Test func unknownFlagPrintsUsageAndExitsTwo() throws {
        let result = try run(["--frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("preview-server: unknown option: --frobnicate"))
        #expect(result.stderr.contains("Usage: preview-server"))
        let malformed = try run(["--port", "eighty"])
        #expect(malformed.status == 2)
    }

    @Test func servesOnAFreePortAndStopsOnSIGTERM() async throws {
        let server = try ServerProcess(["--port", "0", "--public", PackagePaths.publicFolder, "--latency-ms", "0"])
        let line = try await offThePool { server.firstLine() }
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        let port = try #require(Int(line.split(separator: ":").last ?? ""))
        let health = try await offThePool { try RawConnection(port: port).request("/healthz") }
        #expect(health.statusCode == 200)
        #expect(health.bodyText == "ok\n")
        kill(server.process.processIdentifier, SIGTERM)
        #expect(try await offThePool { server.waitForExit() } == 0)
        #expect(server.errorOutput.contains("GET /healthz 200 3B"))
    }

    @Test func busyPortIsOneLineAndExitOne() async throws {
        let first = try ServerProcess(["--port", "0", "--quiet"])
        let line = try await offThePool { first.firstLine() }
        let port = String(line.split(separator: ":").last ?? "")
        let second = try run(["--port", port])
        #expect(second.status == 1)
        #expect(second.stderr == "preview-server: cannot listen on 127.0.0.1:\(port): address already in use\n")
        kill(first.process.processIdentifier, SIGINT)
        #expect(try await offThePool { first.waitForExit() } == 0)
    }

    @Test func shutdownWaitsForATapInFlight() async throws {
        let server = try ServerProcess(["--port", "0", "--quiet", "--latency-ms", "400", "--failure-rate", "0"])
        let line = try await offThePool { server.firstLine() }
        let port = try #require(Int(line.split(separator: ":").last ?? ""))
        let connection = try RawConnection(port: port)
        try connection.write(
            "POST /components/like/tap HTTP/1.1\r\nHost: \(connection.host)\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: 18\r\n\r\npost=p1&liked=true")
        try await Task.sleep(for: .milliseconds(100))
        kill(server.process.processIdentifier, SIGTERM)
        let response = try await offThePool { try connection.readResponse() }
        #expect(response.statusCode == 303)
        #expect(response.headers["Location"] == "/feed")
        #expect(try await offThePool { server.waitForExit() } == 0)
    }
}

extension ExecutableTests {
    @Test func renderPrintsTheFragment() throws {
        let result = try run(["render", "like", "post=p2", "liked=true", "count=1234567"])
        #expect(result.status == 0)
        let expected = try PreviewAppFragments.render(
            "like", [("post", "p2"), ("liked", "true"), ("count", "1234567")])
        #expect(result.stdout == expected)
        #expect(result.stdout.contains("1.2M"))
    }

    @Test func renderWithBadParametersExitsTwo() throws {
        let bad = try run(["render", "avatar", "vip=gold"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("Invalid parameter vip"))
        #expect(bad.stdout.isEmpty)
        #expect(try run(["render", "carousel"]).status == 2)
        #expect(try run(["render", "like", "oops"]).status == 2)
    }
}
