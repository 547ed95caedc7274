@_spi(Runtime) import Basics
import Components
import HTTPCore
import Synchronization

/// `GET /stats`: what the server's caches have done since it started, for benchmarks and for people
/// wondering why a page is fast or slow. Reuse counts answers sent again by the HTTP core
/// (`ResponseReuse`); the render caches count kept pages and fragments answered or rendered anew, and of
/// the pages answered from what was kept, those whose stale pieces were rendered again (`refreshed`) and
/// how many pieces that took (`piecesRendered`; both 0 for fragments, which have no pieces).
///
/// ```json
/// {"reuse": {"sameRequest": {"held": 12, "served": 904}, "sameHeaders": {"held": 2, "served": 310},
///            "sameAnswer": {"served": 77}},
///  "renderCache": {"pages": {"kept": 40, "hits": 800, "misses": 120, "refreshed": 300, "piecesRendered": 310},
///                  "fragments": {"kept": 5, "hits": 9, "misses": 5, "refreshed": 0, "piecesRendered": 0}},
///  "caches": [{"name": "pages", "kept": 40, "capacity": 128, "bytes": 1402112, "byteCapacity": 8388608,
///              "hits": 800, "misses": 120}, …],
///  "cacheBytes": {"kept": 2104331, "bound": 41943040}}
/// ```
///
/// `caches` lists every cache of the app and of the server, each a `BoundedCache` (`Caches`): what it keeps
/// now and at most, in entries and bytes; `cacheBytes` sums them, its `bound` being the most they may
/// hold at once in all.
struct StatisticsRoutes: RouteCollection {
    static let path = "/stats"

    /// The server answering, once `Application.serve` has started it (in-process tests have none: their
    /// reuse counts are 0).
    final class Serving: Sendable {
        let server = Mutex<HTTPServer?>(nil)
    }

    let serving: Serving
    let registry: ComponentRegistry
    /// The app's caches (the server's are its own).
    let caches: Caches

    static var documentation: RouteDocumentation {
        let counts = Schema.object(
            ["held": .integer(minimum: 0), "served": .integer(minimum: 0)], required: ["held", "served"])
        let cache = Schema.object(
            [
                "kept": .integer(minimum: 0), "hits": .integer(minimum: 0), "misses": .integer(minimum: 0),
                "refreshed": .integer(minimum: 0), "piecesRendered": .integer(minimum: 0),
            ],
            required: ["kept", "hits", "misses", "refreshed", "piecesRendered"])
        let report = Schema.object(
            [
                "name": .string(), "kept": .integer(minimum: 0), "capacity": .integer(minimum: 0),
                "bytes": .integer(minimum: 0), "byteCapacity": .integer(minimum: 0), "hits": .integer(minimum: 0),
                "misses": .integer(minimum: 0),
            ], required: ["name", "kept", "capacity", "bytes", "byteCapacity", "hits", "misses"])
        return RouteDocumentation(
            "What the caches have done since the server started", tags: ["Server"],
            responses: [
                .json(
                    200,
                    "reuse: answers the HTTP core sent again (held now, and sent), for the same request and for "
                        + "the same status and headers, and (sent) for a body its maker keeps; renderCache: kept "
                        + "pages and fragments (kept now, answers from one still current, renders); caches: every "
                        + "cache, what it keeps now and at most "
                        + "in entries and bytes, and its lookups; cacheBytes: their bytes now and their bound.",
                    .object(
                        [
                            "reuse": .object([
                                "sameRequest": counts, "sameHeaders": counts,
                                "sameAnswer": .object(["served": .integer(minimum: 0)], required: ["served"]),
                            ]),
                            "renderCache": .object(["pages": cache, "fragments": cache]),
                            "caches": .array(report),
                            "cacheBytes": .object(
                                ["kept": .integer(minimum: 0), "bound": .integer(minimum: 0)],
                                required: ["kept", "bound"]),
                        ], required: ["reuse", "renderCache", "caches", "cacheBytes"]))
            ])
    }

    func addRoutes(to routes: inout RouteGroup) {
        routes.get(Self.path, Self.documentation) { [serving, registry, caches] _ in
            let server = serving.server.withLock { $0 }
            func counts(_ pair: (kept: Int, served: Int)?) -> JSONValue {
                .object([("held", .int(pair?.kept ?? 0)), ("served", .int(pair?.served ?? 0))])
            }
            let reports = caches.reports + (server?.caches.reports ?? [])
            let renderCaches = registry.renderCacheStatistics
            func cache(_ kind: ComponentRegistry.RenderCacheKind) -> JSONValue {
                let statistics = renderCaches[kind] ?? RenderCacheStatistics()
                return .object([
                    ("kept", .int(statistics.kept)), ("hits", .int(statistics.hits)),
                    ("misses", .int(statistics.misses)), ("refreshed", .int(statistics.refreshed)),
                    ("piecesRendered", .int(statistics.piecesRendered)),
                ])
            }
            var response = HTTPResponse.json(
                .object([
                    (
                        "reuse",
                        .object([
                            ("sameRequest", counts(server?.reusedForSameRequest)),
                            ("sameHeaders", counts(server?.reusedForSameHeaders)),
                            ("sameAnswer", .object([("served", .int(server?.reusedForKeptBodies ?? 0))])),
                        ])
                    ),
                    ("renderCache", .object([("pages", cache(.pages)), ("fragments", cache(.fragments))])),
                    ("caches", .array(reports.map(Self.json))),
                    (
                        "cacheBytes",
                        .object([
                            ("kept", .int(reports.reduce(0) { $0 + $1.bytes })),
                            ("bound", .int(reports.reduce(0) { $0 + $1.byteCapacity })),
                        ])
                    ),
                ]))
            response.headers["Cache-Control"] = "no-store"
            return response
        }
    }

    private static func json(_ report: Caches.Report) -> JSONValue {
        .object([
            ("name", .string(report.name)), ("kept", .int(report.kept)), ("capacity", .int(report.capacity)),
            ("bytes", .int(report.bytes)), ("byteCapacity", .int(report.byteCapacity)), ("hits", .int(report.hits)),
            ("misses", .int(report.misses)),
        ])
    }
}
