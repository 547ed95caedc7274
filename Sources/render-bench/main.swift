import Basics
import Components
import Demo
import HTTPCore
import PreviewApp

// Render only, in-process: microseconds per /feed page (20 cells) and per component fragment.
// Usage: render-bench [ITERATIONS]   (build with -c release; scripts/bench runs it)

let iterations = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20_000

/// The demo's pages, in an app with the cache on or off.
func demoPages(renderCache: Bool) throws -> DemoPages {
    var options = PreviewOptions()
    options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0)
    options.renderCache = renderCache
    let app = try Application(options: options) { Demo.modules($0) }
    return app.modules.lazy.compactMap { $0 as? DemoPages }.first!
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
