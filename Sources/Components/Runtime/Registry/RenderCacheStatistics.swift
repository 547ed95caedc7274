/// What a cache of rendered bytes has done since it was made: what it keeps, the requests it answered
/// from what it kept, and those it rendered for.
package struct RenderCacheStatistics: Sendable, Equatable {
    /// Renders kept now.
    package var kept = 0
    /// Answers from a kept render that was still current.
    package var hits = 0
    /// Answers rendered anew (none was kept, or the kept one was stale).
    package var misses = 0
    /// Of the hits, the answers from a kept page whose stale pieces were rendered again (pages only).
    package var refreshed = 0
    /// The pieces those answers rendered.
    package var piecesRendered = 0

    package init(kept: Int = 0, hits: Int = 0, misses: Int = 0, refreshed: Int = 0, piecesRendered: Int = 0) {
        self.kept = kept
        self.hits = hits
        self.misses = misses
        self.refreshed = refreshed
        self.piecesRendered = piecesRendered
    }

    package static func += (sum: inout Self, other: Self) {
        sum.kept += other.kept
        sum.hits += other.hits
        sum.misses += other.misses
        sum.refreshed += other.refreshed
        sum.piecesRendered += other.piecesRendered
    }
}
