import Basics
import Components
import Demo
import HTTPCore
import PreviewApp

// Render only, in-process: microseconds per /feed page (20 cells) and per component fragment.
// Usage: render-bench [ITERATIONS]   (build with -c release; scripts/bench runs it)

let iterations = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20_000
/// `render-bench N only-new-count`: only the last measure (for a profiler).
let onlyNewCount = CommandLine.arguments.dropFirst(2).first == "only-new-count"

/// The demo's app with the cache on or off.
func demoApp(renderCache: Bool) throws -> Application {
    var options = PreviewOptions()
    options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0)
    options.renderCache = renderCache
    return try Application(options: options) { Demo.modules($0) }
}

/// The demo's pages, in an app with the cache on or off.
func demoPages(renderCache: Bool) throws -> DemoPages {
    try demoPages(of: demoApp(renderCache: renderCache))
}

func demoPages(of app: Application) -> DemoPages {
    app.modules.lazy.compactMap { $0 as? DemoPages }.first!
}

let app = try demoPages(renderCache: true)
let appRenderingEveryButton = try demoPages(renderCache: false)
let catalog = ComponentCatalog(modules: Demo.modules(ComponentContext()))
let viewer = Viewer(id: "vbench")!

/// Runs `body` `count` times (after a warm-up) and returns microseconds per call; `sink` keeps the work alive.
func measure(_ name: String, count: Int, _ body: () -> Int) -> Double {
    var sink = 0
    for _ in 0..<max(1, count / 10) { sink &+= body() }
    let clock = ContinuousClock()
    let started = clock.now
    for _ in 0..<count { sink &+= body() }
    let elapsed = clock.now - started
    let micros = Double(elapsed.wholeNanoseconds) / 1e3
    let perCall = micros / Double(count)
    StandardOutput.write(
        "\(name)\t\(String(Int(perCall * 100)).insertingDecimalPoint) µs\t(\(count) runs, \(sink % 7 + 1 > 0 ? "ok" : ""))\n"
    )
    return perCall
}

extension String {
    /// "123" → "1.23"
    var insertingDecimalPoint: String {
        let padded = count < 3 ? String(repeating: "0", count: 3 - count) + self : self
        return String(padded.dropLast(2)) + "." + String(padded.suffix(2))
    }
}

if !onlyNewCount {
    let feedBytes = app.renderFeed(for: viewer).count
    StandardOutput.write("feed page: \(feedBytes) bytes\n")
    // As a page-cache miss renders it: the cells' frames, and each button's bytes kept for the state it shows.
    _ = measure("render /feed (20 cells)", count: iterations / 4) { app.renderFeed(for: viewer).count }
    // With --render-cache off: every button of every cell rendered.
    _ = measure("render /feed, every button rendered", count: iterations / 4) {
        appRenderingEveryButton.renderFeed(for: viewer).count
    }
    for preview in catalog.all {
        let values = preview.values(of: preview.variants[0])
        let bytes = preview.render(values).count
        _ = measure("render \(preview.name) fragment (\(bytes) B)", count: iterations) { preview.render(values).count }
    }

    // A post's page with 20 comments (its 3 from the fixtures and 17 more by viewers), as a page-cache miss
    // renders it: the post's cell and the comment box (with its optimistic state) for this viewer.
    let commented = try demoApp(renderCache: true)
    let comments = commented.state(named: "comment") as! CommentStore
    let base = comments.committed("p1", viewer: viewer)?.comments.count ?? 0
    comments.restore(
        StoredComment.stored([
            "p1": (0..<(20 - base)).map { index in
                StoredComment(
                    comment: Comment(
                        id: 1_000 + index, author: Viewer(bits: UInt64(index + 1)),
                        text: "Comment \(index + 1): a sentence of ordinary length, as people write them.",
                        at: Timestamp(millisecondsSince1970: 1_796_029_200_000 + index * 60_000)),
                    key: "bench-key-\(index)")
            }
        ]))
    let commentedPages = demoPages(of: commented)
    let postBytes = commentedPages.renderPost("p1", for: viewer)?.count ?? 0
    _ = measure("render /posts/p1, 20 comments (\(postBytes) B)", count: iterations / 4) {
        commentedPages.renderPost("p1", for: viewer)?.count ?? 0
    }
}

// A self-managed like button whose count is new every time (as under taps): nothing kept applies, so its
// render, its optimistic render and the patch between them are all made.
var newCount = 1_000_000
_ = measure("render a like button at a new count (nothing kept)", count: iterations) {
    newCount += 1
    return LikeButton.selfManaged(post: "p1", liked: false, count: newCount, returnTo: "/feed").renderedBytes.count
}
