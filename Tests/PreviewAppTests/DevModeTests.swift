import Components
import DevProtocol
import Foundation
import HTTPCore
import HTTPTesting
import PreviewApp
import Synchronization
import Testing

/// The server's side of `scripts/dev`: nothing without the supervisor; with it, every page carries the
/// dev client and `GET /dev/events` passes on what the supervisor says.
@Suite struct DevModeTests {
    /// An app run by a pretend supervisor, which holds the other end of the channel.
    static func makeDevApp(build: String = "7.1") throws -> (Application, DevChannel) {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        var options = PreviewOptions()
        options.publicFolder = PackagePaths.publicFolder
        options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0, seed: 7)
        options.dev = DevConnection(channelDescriptor: ends[0], build: build)
        return (try Application(options: options), DevChannel(descriptor: ends[1]))
    }

    static let pages = ["/", "/feed", "/posts/p1", "/users/ada", "/events", "/components/like", "/no-such-page"]

    @Test func withoutTheSupervisorThereIsNoDevRouteAndNoDevClient() async throws {
        let app = makeApp()
        #expect(try await app.responder.test(.get, "/dev/events").status.code == 404)
        for page in Self.pages {
            let html = try await app.responder.test(.get, page).bodyText
            #expect(!html.contains("dev.js"), "\(page)")
            #expect(!html.contains("preview-dev-build"), "\(page)")
        }
    }

    @Test func underTheSupervisorEveryPageCarriesTheClientAndItsBuild() async throws {
        let (app, _) = try Self.makeDevApp(build: #"b"><script>1"#)
        for page in Self.pages {
            let html = try await app.responder.test(.get, page).bodyText
            #expect(
                html.contains(
                    #"<meta name="preview-dev-build" content="b&quot;>&lt;script>1"><script src="/public/dev.js" defer></script></head>"#
                ), "\(page)")
        }
        // Fragments have no head, and a page in a frame is looked after by its top page.
        let fragment = try await app.responder.test(.get, "/components/like/fragment?post=p1").bodyText
        #expect(!fragment.contains("dev.js"))
        let framed = try await app.responder.test(
            .get, "/components/like/frame?post=p1", headers: ["Sec-Fetch-Dest": "iframe"]
        ).bodyText
        #expect(framed.contains("</head>") && !framed.contains("dev.js"))
        // Like every route, it answers local Hosts only.
        app.hostAllowList.port = 8080
        let rebound = try await app.responder.test(.get, "/dev/events", headers: ["Host": "evil.example:8080"])
        #expect(rebound.status.code == 421)
    }

    @Test func devEventsPassOnWhatTheSupervisorSays() async throws {
        let (app, supervisor) = try Self.makeDevApp()
        let gone = Atomic<Bool>(false)
        let session = try #require(app.dev)
        session.start(ended: { gone.store(true, ordering: .relaxed) })
        #expect(supervisor.receive() == .ready)
        try await withLiveServer(responder: app.responder) { server in
            app.hostAllowList.port = server.port
            let port = server.port
            let stream = try RawConnection(port: port)
            try stream.write("GET /dev/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            let head = try await offThePool { try stream.read(until: "event: hello\ndata: 7.1\n\n") }
            #expect(head.contains("Content-Type: text/event-stream"))
            #expect(head.contains("retry: "))

            supervisor.send(.building)
            _ = try await offThePool { try stream.read(until: "event: building\ndata: \n\n") }
            supervisor.send(.css(path: "/public/app.css"))
            _ = try await offThePool { try stream.read(until: "event: css\ndata: /public/app.css\n\n") }
            let report = #"{"diagnostics":[{"message":"<script>"}],"output":""}"#
            supervisor.send(.buildFailed(json: report))
            _ = try await offThePool { try stream.read(until: "event: build-failed\ndata: \(report)\n\n") }
            supervisor.send(.reload(build: "7.2"))
            _ = try await offThePool { try stream.read(until: "event: reload\ndata: 7.2\n\n") }

            // A page that connects after a failure learns of it at once.
            let late = try RawConnection(port: port)
            try late.write("GET /dev/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            let greeting = try await offThePool {
                try late.read(until: "event: build-failed\ndata: \(report)\n\n")
            }
            #expect(greeting.contains("event: hello\ndata: 7.1\n\n"))
        }
        supervisor.close()
        #expect(await eventually { gone.load(ordering: .relaxed) })
    }

    @Test func aStoppingServerHandsItsSimulationSettingsToTheNext() throws {
        let (app, supervisor) = try Self.makeDevApp()
        let settings = SimulationSettings(latencyMilliseconds: 123, jitterMilliseconds: 4, failureRate: 0.25, seed: 99)
        app.dev?.stopping(settings: settings)
        guard case .simulation(let arguments) = supervisor.receive() else {
            Issue.record("no simulation message")
            return
        }
        guard case .serve(let next) = try PreviewOptions.parse(arguments) else {
            Issue.record("not a server command line")
            return
        }
        #expect(next.simulation == settings)
    }
}
