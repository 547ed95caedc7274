import Foundation
import HTTPTesting
import Testing

/// Runs every `curl … # → STATUS` example of docs/HTTP.md and docs/TESTING.md against a live server.
@Suite struct HTTPReferenceTests {
    struct Example: CustomStringConvertible {
        var command: String
        var status: Int
        var description: String { command }
    }

    static func examples(in file: String = "docs/HTTP.md") throws -> [Example] {
        let text = try String(contentsOfFile: PackagePaths.root + "/" + file, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("curl "), let arrow = line.range(of: "# → ") else { return nil }
            guard let status = Int(line[arrow.upperBound...].trimmingCharacters(in: .whitespaces)) else { return nil }
            return Example(
                command: String(line[..<arrow.lowerBound]).trimmingCharacters(in: .whitespaces), status: status)
        }
    }

    @Test func theReferenceHasExamplesForEveryKindOfRoute() throws {
        let commands = try Self.examples().map(\.command).joined(separator: "\n")
        for route in [
            "/feed", "/users/", "/posts/", "/events", "/healthz", "/public/", "/components/avatar/tap",
            "/components/like/tap", "/components/follow/tap", "/api/posts/", "/api/users/", "/fragment",
            "/components.json", "/simulation",
        ] {
            #expect(commands.contains(route), "no example for \(route)")
        }
        #expect(try Self.examples().count >= 25)
    }

    @Test(arguments: ["docs/HTTP.md", "docs/TESTING.md"])
    func everyExampleAnswersWithTheDocumentedStatus(_ file: String) async throws {
        let app = makeApp(latency: 0, failureRate: 0)
        #expect(try Self.examples(in: file).count >= 4)
        try await withLiveServer(responder: app.responder) { server in
            for example in try Self.examples(in: file) {
                let command = example.command.replacingOccurrences(
                    of: "http://127.0.0.1:8080", with: "http://127.0.0.1:\(server.port)")
                let output = try await offThePool { try Self.shell(command) }
                let statusLine = output.split(separator: "\r\n").first { $0.hasPrefix("HTTP/") } ?? ""
                let status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) }
                #expect(status == example.status, "\(example.command)\n\(output.prefix(300))")
            }
        }
    }

    static func shell(_ command: String) throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // stderr joins stdout so that a failure shows curl's own message in the test report.
        process.arguments = ["-c", command + " --silent --show-error --max-time 10 2>&1"]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
