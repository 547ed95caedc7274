import Pictures

/// What a picture is against its baseline: the same, new (no baseline yet), or different (in size, or in
/// so many pixels).
struct SnapshotResult: Sendable, Equatable {
    enum Verdict: Sendable, Equatable {
        case matches
        case new
        case differs(PictureDifference)
    }

    var snapshot: Snapshot
    var verdict: Verdict
    /// How long the picture took, for the JUnit report.
    var milliseconds: Int

    /// Whether the run fails on it (without `--update`).
    var fails: Bool { verdict != .matches }

    /// What differs, in words: `new: no baseline`, `3 pixels differ`, `its size changed: 375×80 → 375×96`.
    var what: String {
        switch verdict {
        case .matches: "matches"
        case .new: "new: no baseline yet"
        case .differs(.size(let baseline, let current)): "its size changed: \(baseline) → \(current)"
        case .differs(.pixels(let count, _)): count == 1 ? "1 pixel differs" : "\(count) pixels differ"
        case .differs(.none): "matches"
        }
    }
}
