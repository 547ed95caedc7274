/// The folders of the pictures: the baselines, committed to git, and the last `preview snapshots` run's
/// pictures that differ or are new, with their diffs. Relative paths are from the working folder (the
/// package's root, where `scripts/run` and `swift run preview` start).
package struct SnapshotFolders: Sendable, Equatable {
    /// The baselines: `Snapshots/`.
    package var baselines = "Snapshots"
    /// The current pictures and the diffs of the last run: `.build/snapshots/`.
    package var output = ".build/snapshots"

    package init() {}

    /// The baseline of `snapshot`.
    func baseline(_ snapshot: Snapshot) -> String { baselines + "/" + snapshot.file }
    /// The last run's picture of `snapshot`, there when it differed or was new.
    func current(_ snapshot: Snapshot) -> String { output + "/" + snapshot.file }
    /// The diff of `snapshot`'s last picture against its baseline, there when it differed.
    func diff(_ snapshot: Snapshot) -> String { output + "/" + snapshot.component + "/" + snapshot.diffFileName }
}
