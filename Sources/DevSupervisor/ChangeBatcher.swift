/// Collects the changes the watchers see and hands them out as one batch once the files have been quiet
/// for the settle delay: an editor's save is several events, and a burst of saves is one round.
///
/// Owns the watchers (the package root's first, then one for each other watched root), the paths waiting
/// in the batch, the settle deadline, and the timing of the round: when its first change arrived and when
/// its build finished, for the line that says a build serves.
///
/// ```swift
/// changes.collect()
/// if let batch = changes.takeSettledBatch() { … }   // batch.sources, batch.stylesheets, batch.reloadsPages
/// ```
///
/// - Important: Not thread-safe; the supervisor's loop is its only user.
final class ChangeBatcher {
    /// A settled batch, sorted by what it asks for.
    struct Batch {
        /// The changed sources and manifests, sorted, each once: these need a build.
        let sources: [String]
        /// The stylesheets to swap in the pages, as served, in the order they changed, each once.
        let stylesheets: [String]
        /// Whether another file under `Public/` changed: the pages reload.
        let reloadsPages: Bool

        init(paths: [String]) {
            let kinds = paths.map(ChangeKind.init(path:))
            sources = Set(zip(paths, kinds).filter { $0.1 == .source }.map(\.0)).sorted()
            var stylesheets: [String] = []
            var reloadsPages = false
            for kind in kinds {
                switch kind {
                case .stylesheet(let path): if !stylesheets.contains(path) { stylesheets.append(path) }
                case .publicFile: reloadsPages = true
                case .source, .ignored: break
                }
            }
            self.stylesheets = stylesheets
            self.reloadsPages = reloadsPages
        }
    }

    private let watchers: [FileWatcher]
    private let settleDelay: Duration
    private var pendingPaths: [String] = []
    /// When the batch is acted on, unless another change comes first.
    private(set) var settleAt: ContinuousClock.Instant?
    /// When the first change of the current round arrived, for the timing line.
    private var changeArrived: ContinuousClock.Instant?
    private var buildFinished: ContinuousClock.Instant?
    private var lastScan = ContinuousClock.now

    /// Starts watching `roots` (the package root first).
    init(roots: [String], polling: Bool, settleDelay: Duration) {
        watchers = roots.map { FileWatcher(root: $0, polling: polling) }
        self.settleDelay = settleDelay
    }

    /// The inotify descriptors to wait on (none for a watcher that polls).
    var descriptors: [Int32] {
        watchers.compactMap(\.descriptor)
    }

    /// Whether any watcher polls (no inotify there).
    var isPolling: Bool {
        watchers.contains(where: \.isPolling)
    }

    /// Reads what the watchers saw and adds it to the batch, restarting the settle wait; with `discard`
    /// (the supervisor is stopping) what they saw is read and dropped.
    func collect(discard: Bool = false) {
        // inotify's reads cost nothing when nothing is waiting; a polling scan walks the tree, so at most
        // one every 300 ms however often the loop wakes.
        guard !isPolling || ContinuousClock.now - lastScan >= .milliseconds(300) else { return }
        lastScan = .now
        let changed = watchers.flatMap { $0.changes() }.filter { ChangeKind(path: $0) != .ignored }
        guard !changed.isEmpty && !discard else { return }
        pendingPaths += changed
        if changeArrived == nil { changeArrived = .now }
        settleAt = .now + settleDelay
    }

    /// The batch, once the settle deadline has passed; it is then empty again.
    func takeSettledBatch() -> Batch? {
        guard let settleAt, ContinuousClock.now >= settleAt else { return nil }
        self.settleAt = nil
        let paths = pendingPaths
        pendingPaths = []
        return Batch(paths: paths)
    }

    /// The round ends without a new server (no build was needed, or it failed): no timing line for it.
    func forgetChange() {
        changeArrived = nil
    }

    /// The round's build succeeded at `instant`.
    func noteBuildFinished(at instant: ContinuousClock.Instant) {
        buildFinished = instant
    }

    /// What the line that says a build serves adds about the round (`" 1.20 s after the change (swap
    /// 0.30 s)"`, or nothing when no change is waiting for it); the round is then over.
    func takeTiming() -> String {
        var timing = ""
        if let changeArrived {
            timing = " \(Supervisor.seconds(ContinuousClock.now - changeArrived)) s after the change"
            if let buildFinished {
                timing += " (swap \(Supervisor.seconds(ContinuousClock.now - buildFinished)) s)"
            }
        }
        changeArrived = nil
        buildFinished = nil
        return timing
    }
}
