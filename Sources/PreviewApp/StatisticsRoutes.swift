import Components
import HTTPCore
import Synchronization

/// `GET /stats`: what the server's caches have done since it started, for benchmarks and for people
/// wondering why a page is fast or slow. Reuse counts answers sent again by the HTTP core
/// (`ResponseReuse`); the render caches count kept pages and fragments answered or rendered anew.
///
/// ```json
/// {"reuse": {"sameRequest": {"held": 12, "served": 904}, "sameHeaders": {"held": 2, "served": 310}},
///  "renderCache": {"pages": {"kept": 40, "hits": 800, "misses": 120}, "fragments": {"kept": 5, "hits": 9, "misses": 5}}}
/// ```
struct StatisticsRoutes: RouteCollection {
    static let path = "/stats"

    /// The server answering, once `Application.serve` has started it (in-process tests have none: their
    /// reuse counts are 0).
    final class Serving: Sendable {
        let server = Mutex<HTTPServer?>(nil)
    }

    let serving: Serving
    let registry: ComponentRegistry

    static var documentation: RouteDocumentation {
        let counts = Schema.object(
            ["held": .integer(minimum: 0), "served": .integer(minimum: 0)], required: ["held", "served"])
        let cache = Schema.object(
            ["kept": .integer(minimum: 0), "hits": .integer(minimum: 0), "misses": .integer(minimum: 0)],
            required: ["kept", "hits", "misses"])
        return RouteDocumentation(
            "What the caches have done since the server started", tags: ["Server"],
            responses: [
                .json(
                    200,
                    "reuse: answers the HTTP core sent again (held now, and sent), for the same request and for "
                        + "the same status and headers; renderCache: kept pages and fragments (kept now, answers "
                        + "from one still current, renders).",
                    .object(
                        [
                            "reuse": .object(["sameRequest": counts, "sameHeaders": counts]),
                            "renderCache": .object(["pages": cache, "fragments": cache]),
                        ], required: ["reuse", "renderCache"]))
            ])
    }

    func addRoutes(to routes: inout RouteGroup) {
        routes.get(Self.path, Self.documentation) { [serving, registry] _ in
            let server = serving.server.withLock { $0 }
            func counts(_ pair: (kept: Int, served: Int)?) -> JSONValue {
                .object([("held", .int(pair?.kept ?? 0)), ("served", .int(pair?.served ?? 0))])
            }
            let caches = registry.renderCacheStatistics
            func cache(_ kind: ComponentRegistry.RenderCacheKind) -> JSONValue {
                let statistics = caches[kind] ?? RenderCacheStatistics()
                return .object([
                    ("kept", .int(statistics.kept)), ("hits", .int(statistics.hits)),
                    ("misses", .int(statistics.misses)),
                ])
            }
            var response = HTTPResponse.json(
                .object([
                    (
                        "reuse",
                        .object([
                            ("sameRequest", counts(server?.reusedForSameRequest)),
                            ("sameHeaders", counts(server?.reusedForSameHeaders)),
                        ])
                    ),
                    ("renderCache", .object([("pages", cache(.pages)), ("fragments", cache(.fragments))])),
                ]))
            response.headers["Cache-Control"] = "no-store"
            return response
        }
    }
}
