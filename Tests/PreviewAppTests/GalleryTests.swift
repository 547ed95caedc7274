import ComponentTesting
import Demo
import Foundation
import HTML
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

@testable import Components

@Suite struct GalleryTests {
    @Test func catalogueFragmentURLsAndActionsAnswerAsDescribed() async throws {
        let app = makeApp()
        let json = try await app.responder.test(.get, "/components.json")
        #expect(json.headers["Content-Type"] == "application/json")
        let catalogue = try #require(try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any])
        let components = try #require(catalogue["components"] as? [[String: Any]])
        #expect(components.map { $0["name"] as? String } == ComponentCatalog.demo.all.map(\.name))
        for component in components {
            let parameters = try #require(component["parameters"] as? [[String: Any]])
            #expect(parameters.allSatisfy { $0["name"] is String && $0["type"] is String && $0["default"] is String })
            let handler = try #require(component["handler"] as? [String: Any])
            let handlerFile = try #require(handler["file"] as? String)
            #expect(handlerFile.hasSuffix("+SelfManaged.swift"))
            #expect(FileManager.default.fileExists(atPath: PackagePaths.root + "/" + handlerFile), "\(handlerFile)")
            let title = try #require(component["title"] as? String)
            for variant in try #require(component["variants"] as? [[String: Any]]) {
                let usage = try #require(variant["usage"] as? [String: String])
                #expect(usage["selfManaged"]?.hasPrefix(title + ".selfManaged(") == true)
                #expect(usage["plain"]?.hasPrefix(title + "(") == true)
                #expect(usage["plain"]?.contains("TapAction(path: \"/gallery/actions/") == true)
                let fragment = try #require(variant["fragment"] as? String)
                let response = try await app.responder.test(.get, fragment)
                #expect(response.status == .ok, "\(fragment)")
                let frame = try await app.responder.test(.get, try #require(variant["frame"] as? String))
                #expect(frame.status == .ok)
                #expect(frame.bodyText.contains("/public/app.css"))
                #expect(frame.bodyText.contains(response.bodyText))
            }
            for action in try #require(component["actions"] as? [[String: Any]]) {
                #expect(action["method"] as? String == "POST")
                let path = try #require(action["path"] as? String)
                let body = try #require(action["exampleBody"] as? String)
                let fields = try #require(action["fields"] as? [[String: Any]])
                for field in fields where field["required"] as? Bool == true {
                    #expect(body.contains("\(field["name"] as! String)="), "\(path) example lacks a required field")
                }
                let response = try await app.responder.test(
                    .post, path, headers: .viewer("vcatalogue", ["X-Simulate-Failure": "never"]), body: body)
                #expect(response.status == .seeOther, "\(path)")
                #expect((action["curl"] as? String)?.contains(path) == true)
            }
        }
    }

    /// The catalogue's document is made once for an origin: asked again it is the same bytes; asked from
    /// another `Host`, its examples name that one, and asked from the first again, the first.
    @Test func theCatalogueNamesTheOriginItIsAskedFrom() async throws {
        let app = makeApp()
        func catalogue(_ host: String) async throws -> String {
            try await app.responder.test(.get, "/components.json", headers: ["Host": host]).bodyText
        }
        let first = try await catalogue("127.0.0.1:8101")
        #expect(first.contains("http://127.0.0.1:8101/components/"))
        #expect(try await catalogue("127.0.0.1:8101") == first)
        let other = try await catalogue("localhost:8102")
        #expect(other.contains("http://localhost:8102/components/"))
        #expect(!other.contains("127.0.0.1:8101"))
        #expect(try await catalogue("127.0.0.1:8101") == first)
    }

    /// The fragment is the same bytes as the component inside a page, configured the same way.
    @Test func fragmentEqualsTheMarkupInsideTheFeed() async throws {
        let app = makeApp()
        let feed = try await app.responder.test(.get, "/feed", headers: .viewer("vsame")).bodyText
        let like = try await app.responder.test(
            .get, "/components/like/fragment?post=p1&liked=false&count=12345&return_to=%2Ffeed%23like-p1")
        #expect(feed.contains(like.bodyText))
        let avatar = try await app.responder.test(
            .get,
            "/components/avatar/fragment?uid=tim&name=\(PercentEncoding.encodeQueryValue(#"Tim "TBL" <Berners-Lee> & Co's"#))&image=%2Fpublic%2Favatars%2Ftim.svg&vip=none"
        )
        #expect(feed.contains(avatar.bodyText))
        let placeholder = try await app.responder.test(
            .get, "/components/avatar/fragment?uid=nova&name=Nova&image=&vip=none")
        #expect(feed.contains(placeholder.bodyText))
    }

    @Test(arguments: [
        ("/components/avatar/fragment?vip=gold", "vip"),
        ("/components/avatar/fragment?size=huge", "size"),
        ("/components/avatar/fragment?image=javascript%3Aalert(1)", "image"),
        ("/components/avatar/fragment?image=vbscript%3Ax", "image"),
        ("/components/avatar/fragment?image=data%3Atext%2Fhtml%2C%3Cscript%3E", "image"),
        ("/components/like/fragment?count=-1", "count"),
        ("/components/like/fragment?count=many", "count"),
        ("/components/like/fragment?liked=maybe", "liked"),
        ("/components/like/fragment?return_to=%2F%2Fevil.example", "return_to"),
        ("/components/like/frame?count=1.5", "count"),
        ("/components/like?busy=yes", "busy"),
        ("/components/like/fragment?config=fancy", "config"),
    ])
    func badParametersAre400NamingTheParameter(path: String, parameter: String) async throws {
        let response = try await makeApp().responder.test(.get, path)
        #expect(response.status == .badRequest)
        #expect(response.bodyText.contains("Invalid parameter \(parameter):"))
    }

    @Test func unknownComponentIs404() async throws {
        #expect(try await makeApp().responder.test(.get, "/components/carousel").status == .notFound)
        #expect(try await makeApp().responder.test(.get, "/components/carousel/fragment").status == .notFound)
    }

    @Test func componentPageShowsVariantsSourceFormViewportsAndActions() async throws {
        let page = try await makeApp().responder.test(.get, "/components/like", headers: ["Host": "127.0.0.1:9999"])
        #expect(page.status == .ok)
        let html = page.bodyText
        for variant in LikeButton.preview.variants {
            #expect(html.contains("<h3>\(variant.name)</h3>"))
            #expect(html.contains("id=\"variant-\(variant.slug)\""))
        }
        #expect(html.contains("<form class=\"param-form\" method=\"get\" action=\"/components/like\">"))
        #expect(html.contains("<pre tabindex=\"0\"><code>&lt;div class=\"like\" id=\"like-p1\""))
        #expect(html.contains("viewport--phone"))
        #expect(html.contains("<iframe class=\"viewport-frame\" src=\"/components/like/frame?config=self-managed"))
        #expect(
            html.contains(
                "curl -i -X POST -d &#39;post=p1&amp;liked=true&amp;return_to=/feed&#39; http://127.0.0.1:9999/components/like/tap"
            )
                || html.contains(
                    "curl -i -X POST -d 'post=p1&amp;liked=true&amp;return_to=/feed' http://127.0.0.1:9999/components/like/tap"
                ))
        #expect(html.contains("data-stream=\"/events/stream?component=LikeButton\""))
        #expect(HTMLWellFormedness.check(page.body) == [])
        // Element ids are unique, or the page is not valid and assistive technology gets confused (the kit's
        // check; this test's own split on "<pre>" never matched the page's <pre tabindex="0">).
        #expect(try await ComponentChecks.componentPage(of: LikeButton.preview, in: makeApp()) == [])
    }

    @Test func parameterFormReRendersTheLiveInstance() async throws {
        let query = "post=p9&liked=true&count=5&return_to=&busy=false&animated=false"
        let app = makeApp()
        // Plain: the component as the parameters say.
        let plain = try await app.responder.test(.get, "/components/like?config=plain&" + query)
        #expect(plain.bodyText.contains(#"<div class="like" id="like-p9" data-count="5" data-liked="true">"#))
        #expect(plain.bodyText.contains(#"<option value="true" selected>true</option>"#))
        // Self-managed: the parameters' post as the viewer sees it now (its state is the store's), and the
        // fragment and frame as the parameters say.
        let state = try await app.responder.test(.get, "/components/like/state/p9", headers: ["Cookie": "viewer=vp"])
        guard case .int(let count)? = try JSONValue(parsing: state.body)["/count"] else {
            Issue.record("no count in \(state.bodyText)")
            return
        }
        let page = try await app.responder.test(
            .get, "/components/like?config=self-managed&" + query, headers: ["Cookie": "viewer=vp"])
        #expect(
            withoutSelfManagement(page.bodyText).contains(
                #"<div class="like" id="like-p9" data-count="\#(count)" data-liked="false">"#))
        #expect(page.bodyText.contains(#"<a href="/components/like/fragment?config=self-managed&amp;"#))
        let fragment = try await app.responder.test(.get, "/components/like/fragment?config=self-managed&" + query)
        #expect(
            withoutSelfManagement(fragment.bodyText).contains(
                #"<div class="like" id="like-p9" data-count="5" data-liked="true">"#))
    }

    @Test func plainConfigurationTapsAGalleryActionThatRecordsAndReturns() async throws {
        let app = makeApp()
        let page = try await app.responder.test(.get, "/components/avatar?config=plain").bodyText
        #expect(page.contains("action=\"/gallery/actions/avatar\""))
        #expect(!page.contains("action=\"/components/avatar/tap\""))
        let back = "/components/avatar?config=plain&uid=ada"
        let tap = try await app.responder.test(
            .post, "/gallery/actions/avatar", headers: .viewer("vplain"),
            body: "instance=ada&return_to=\(PercentEncoding.encodeQueryValue(back))")
        #expect(tap.status == .seeOther)
        #expect(tap.headers["Location"] == back)
        let event = try #require(app.events.recent().first)
        #expect(event.outcome == .recorded)
        #expect(event.component == "AvatarView")
        #expect(event.instance == "ada")
        #expect(app.likes.snapshot()["p1"]?.members.isEmpty == true)
    }

    @Test func simulationFormChangesLaterTaps() async throws {
        let app = makeApp()
        let fail = try await app.responder.test(
            .post, "/simulation", body: "failure_rate=1&latency_ms=0&return_to=%2Ffeed")
        #expect(fail.status == .seeOther)
        #expect(fail.headers["Location"] == "/feed")
        #expect(app.service.settings.failureRate == 1)
        let failed = try await app.responder.test(
            .post, "/components/like/tap", headers: .viewer("vsim", ["HX-Request": "true"]), body: "post=p1&liked=true")
        #expect(failed.status == .serviceUnavailable)
        _ = try await app.responder.test(.post, "/simulation", body: "failure_rate=0")
        let succeeded = try await app.responder.test(
            .post, "/components/like/tap", headers: .viewer("vsim", ["HX-Request": "true"]), body: "post=p1&liked=true")
        #expect(succeeded.status == .ok)
        #expect(try await app.responder.test(.get, "/").bodyText.contains("failure rate 0%"))
        for bad in ["failure_rate=2", "failure_rate=x", "latency_ms=-5", "seed=-1", "jitter_ms=abc"] {
            let response = try await app.responder.test(.post, "/simulation", body: bad)
            #expect(response.status == .badRequest, "\(bad)")
            #expect(response.bodyText.contains("Invalid field"))
        }
        #expect(app.service.settings.failureRate == 0)
    }

    @Test func indexListsComponentsVariantsDemoPagesAndSettings() async throws {
        let html = try await makeApp(latency: 12, failureRate: 0.25, seed: 3).responder.test(.get, "/").bodyText
        for preview in ComponentCatalog.demo.all {
            #expect(html.contains("href=\"/components/\(preview.name)\""))
            for variant in preview.variants {
                #expect(html.contains("#variant-\(variant.slug)\""))
            }
        }
        #expect(html.contains("href=\"/feed\""))
        #expect(html.contains("href=\"/users/ada\""))
        #expect(html.contains("href=\"/posts/p1\""))
        #expect(html.contains("latency 12 ms"))
        #expect(html.contains("failure rate 25%"))
        #expect(html.contains("action=\"/simulation\""))
        #expect(html.contains("data-stream=\"/events/stream\""))
    }

    /// One tap, one server-sent event, with the transition it made.
    @Test func aTapProducesExactlyOneStreamEvent() async throws {
        let app = makeApp(latency: 0)
        try await withLiveServer(responder: app.responder) { server in
            let stream = try RawConnection(port: server.port, timeoutSeconds: 2)
            try stream.write("GET /events/stream?component=LikeButton HTTP/1.1\r\nHost: \(stream.host)\r\n\r\n")
            let head = try await offThePool { try stream.read(until: ": connected\n\n") }
            #expect(head.contains("text/event-stream"))
            let client = TestClient(server)
            _ = try await client.post("/components/avatar/tap", form: "uid=ada")  // filtered out
            let tap = try await client.post(
                "/components/like/tap", form: "post=p3&liked=true",
                headers: ["Cookie": "viewer=vsse", "X-Simulate-Failure": "always"])
            #expect(tap.status.code == 303)
            let event = try await offThePool { try stream.read(until: "}\n\n") }
            #expect(event.contains("id: 2\ndata: "))
            #expect(event.contains(#""component":"LikeButton","instance":"p3","viewer":"\#(Viewer(id: "vsse")!.id)""#))
            #expect(
                event.contains(
                    #""prior":{"liked":false,"count":999},"optimistic":{"liked":true,"count":1000},"outcome":"rolled-back""#
                ))
            // Nothing else arrives for that one tap: the next read times out.
            let more = try await offThePool { () -> String? in try? stream.read(until: "data: ") }
            #expect(more == nil)
        }
    }
}
