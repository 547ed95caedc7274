import HTML
import HTTPCore

/// Puts the dev client into every HTML page, under the dev supervisor only: a `<meta>` naming the build
/// and `<script src="/public/dev.js" defer>` (a file, so the Content-Security-Policy stays strict),
/// inserted before `</head>`. Pages themselves know nothing of it.
///
/// Fragments have no `<head>` and stay as they are; so do pages loaded into a frame (`Sec-Fetch-Dest:
/// iframe`), whose top page's client looks after them, so that a gallery page holds one event stream,
/// not one per viewport.
struct DevClientInjection: HTTPMiddleware {
    private let snippet: [UInt8]
    private static let headEnd = Array("</head>".utf8)

    init(build: String) {
        var html = HTMLBuffer()
        html.void(.meta, .name("preview-dev-build"), .content(build))
        html.element(.script, .src("/public/dev.js"), .defer)
        snippet = html.bytes
    }

    func finish(_ response: inout HTTPResponse, for request: HTTPRequest) {
        guard response.stream == nil, response.headers["Content-Type"]?.hasPrefix("text/html") == true,
            request.headers["Sec-Fetch-Dest"] != "iframe",
            let end = response.body.firstRange(of: Self.headEnd)
        else { return }
        response.body.insert(contentsOf: snippet, at: end.lowerBound)
    }
}
