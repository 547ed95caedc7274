import HTTPValues
import Synchronization

/// What the last `preview snapshots` run left, picture by picture, as `/snapshots`, the gallery's cards
/// and the component pages show it; and accepting a picture as its baseline. A picture that differed or
/// was new has its current picture in the output folder (a diff beside it when it differed); one that
/// matched has none there.
final class SnapshotReview: Sendable {
    /// Where a picture stands.
    enum Status: String, Sendable {
        /// Its baseline, and no current picture: it matched.
        case matches
        /// Its baseline and a current picture that differs from it.
        case differs
        /// A current picture and no baseline yet.
        case new
        /// Neither: no run has taken it.
        case untaken
    }

    struct Entry: Sendable {
        var snapshot: Snapshot
        var status: Status
        /// Whether a diff picture is there (a difference in pixels, not in size).
        var hasDiff: Bool
    }

    /// How a component's pictures stand.
    struct Summary: Sendable, Equatable {
        var matches = 0
        var differs = 0
        var new = 0
        var untaken = 0
        var total: Int { matches + differs + new + untaken }
        /// Whether a person has something to review.
        var needsReview: Bool { differs + new > 0 }
    }

    let folders: SnapshotFolders
    /// Whether accepting is allowed: only in a server bound to loopback.
    let acceptsChanges: Bool
    private let catalog: @Sendable () -> [Snapshot]
    private let known = Mutex<Known?>(nil)

    /// The catalogue's pictures, found once: in order, by name, and by component (so that a component's
    /// status reads its own pictures alone, whatever the size of the catalogue).
    private struct Known: Sendable {
        var list: [Snapshot]
        var byName: [String: Snapshot]
        /// The components in the catalogue's order, each with its pictures in order and their files' names
        /// in the component's folder.
        var components: [(name: String, snapshots: [(snapshot: Snapshot, file: String, diff: String)])]
        var byComponent: [String: Int]

        init(_ list: [Snapshot]) {
            self.list = list
            byName = Dictionary(list.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            components = []
            byComponent = [:]
            for snapshot in list {
                let files = (snapshot, snapshot.fileName, snapshot.diffFileName)
                if let index = byComponent[snapshot.component] {
                    components[index].snapshots.append(files)
                } else {
                    byComponent[snapshot.component] = components.count
                    components.append((snapshot.component, [files]))
                }
            }
        }

        /// The first of `component`'s pictures in `state`.
        func first(of component: String, in state: String) -> Snapshot? {
            byComponent[component].flatMap { components[$0].snapshots.first { $0.snapshot.state == state }?.snapshot }
        }
    }

    /// - Parameter snapshots: The pictures the catalogue has, made on first use.
    init(folders: SnapshotFolders, acceptsChanges: Bool, snapshots: @escaping @Sendable () -> [Snapshot]) {
        self.folders = folders
        self.acceptsChanges = acceptsChanges
        self.catalog = snapshots
    }

    /// Every picture the catalogue has, in the order `preview snapshots` takes them.
    var snapshots: [Snapshot] { load().list }

    /// The picture named `name` (`like/liked-999-likes.shown.phone-light`), if the catalogue has it.
    func snapshot(named name: String) -> Snapshot? { load().byName[name] }

    private func load() -> Known {
        if let known = known.withLock({ $0 }) { return known }
        let loaded = Known(catalog())
        known.withLock { $0 = loaded }
        return loaded
    }

    /// Every picture's entry, or `component`'s. Each component's two folders are listed once (not a file
    /// looked up per picture).
    func entries(component: String? = nil) -> [Entry] {
        let known = load()
        var entries: [Entry] = []
        let wanted = component.map { known.byComponent[$0].map { [known.components[$0]] } ?? [] } ?? known.components
        for (name, snapshots) in wanted {
            let baselines = SnapshotFiles.names(in: folders.baselines + "/" + name)
            let output = SnapshotFiles.names(in: folders.output + "/" + name)
            for (snapshot, file, diff) in snapshots {
                let current = output.contains(file)
                let status: Status =
                    switch (baselines.contains(file), current) {
                    case (true, false): .matches
                    case (true, true): .differs
                    case (false, true): .new
                    case (false, false): .untaken
                    }
                entries.append(
                    Entry(
                        snapshot: snapshot, status: status, hasDiff: current && output.contains(diff)))
            }
        }
        return entries
    }

    /// How `component`'s pictures stand.
    func summary(of component: String) -> Summary {
        var summary = Summary()
        for entry in entries(component: component) {
            switch entry.status {
            case .matches: summary.matches += 1
            case .differs: summary.differs += 1
            case .new: summary.new += 1
            case .untaken: summary.untaken += 1
            }
        }
        return summary
    }

    /// The picture a component's card shows: its first variant as declared, at a phone's width in the
    /// light, when its baseline is there.
    func cardPicture(of component: String) -> Snapshot? {
        guard let first = load().first(of: component, in: "shown"),
            SnapshotFiles.exists(folders.baseline(first))
        else { return nil }
        return first
    }

    /// Which of a picture's files: its baseline, the last run's picture, or the diff between them.
    enum Picture: String, Sendable, CaseIterable {
        case baseline, current, diff
    }

    /// The path of `picture` of `snapshot`.
    func path(of picture: Picture, _ snapshot: Snapshot) -> String {
        switch picture {
        case .baseline: folders.baseline(snapshot)
        case .current: folders.current(snapshot)
        case .diff: folders.diff(snapshot)
        }
    }

    /// Makes the last run's picture of `name` its baseline, and removes it and its diff from the output.
    ///
    /// - Throws: `HTTPError` 403 in a server not bound to loopback, 404 for a name the catalogue does not
    ///   have or a picture with nothing to accept, 500 when the baseline cannot be written.
    func accept(_ name: String) throws(HTTPError) {
        guard acceptsChanges else { throw Self.notOnLoopback }
        guard let snapshot = snapshot(named: name) else {
            throw HTTPError(.notFound, "There is no picture named \(name) in the catalogue.")
        }
        try accept(snapshot)
    }

    /// Accepts every picture that differs or is new (of `component` alone, when given); returns how many.
    ///
    /// - Throws: as `accept(_:)`.
    @discardableResult
    func acceptAll(component: String? = nil) throws(HTTPError) -> Int {
        guard acceptsChanges else { throw Self.notOnLoopback }
        var accepted = 0
        for entry in entries(component: component) where entry.status == .differs || entry.status == .new {
            try accept(entry.snapshot)
            accepted += 1
        }
        return accepted
    }

    private func accept(_ snapshot: Snapshot) throws(HTTPError) {
        guard let bytes = SnapshotFiles.read(folders.current(snapshot)) else {
            throw HTTPError(
                .notFound, "\(snapshot.name) has no picture to accept: it matched its baseline, or was not taken.")
        }
        guard SnapshotFiles.write(bytes, to: folders.baseline(snapshot)) else {
            throw HTTPError(.internalServerError, "\(folders.baseline(snapshot)) cannot be written.")
        }
        SnapshotFiles.remove(folders.current(snapshot))
        SnapshotFiles.remove(folders.diff(snapshot))
    }

    private static let notOnLoopback = HTTPError(
        .forbidden,
        "Pictures are accepted only in a server bound to loopback (127.0.0.1): this one is reachable from "
            + "elsewhere. Run preview snapshots --update, or start the server on loopback.")
}
