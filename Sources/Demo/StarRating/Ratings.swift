import Components
import HTTPCore

/// The committed state behind the star ratings: each post's ratings from the base data (a sum and a
/// count), and each viewer's stars, 1 to 5. A viewer's change asks for their stars (0: none).
public struct Ratings: SelfManagedModel {
    /// Ratings summed: their stars and how many there are.
    public struct Tally: Sendable, Hashable {
        public var sum: Int
        public var count: Int

        public init(sum: Int, count: Int) {
            self.sum = sum
            self.count = count
        }

        /// The average to one decimal, or 0 without ratings.
        public var average: Double {
            count == 0 ? 0 : (Double(sum) / Double(count) * 10).rounded() / 10
        }
    }

    /// What a viewer is shown of a post: their stars (0: not rated) and every rating's tally.
    public struct Shown: Sendable, Hashable {
        public var stars: Int
        public var tally: Tally

        /// The same post after the viewer gives `stars` (0: takes their rating back).
        public func rated(_ stars: Int) -> Shown {
            var next = self
            if self.stars > 0 { next.tally = Tally(sum: tally.sum - self.stars, count: tally.count - 1) }
            if stars > 0 { next.tally = Tally(sum: next.tally.sum + stars, count: next.tally.count + 1) }
            next.stars = stars
            return next
        }
    }

    /// What the rating shows: the state, a change in flight, and a failure's message.
    public struct Presentation: Sendable, Hashable {
        public var shown: Shown
        public var busy = false
        public var message: String?
    }

    public typealias Change = Int
    public typealias Flash = String

    private let base: [String: Tally]
    private var totals: [String: Tally]
    private var given: [String: [Viewer: Int]] = [:]

    public init(base: [String: Tally]) {
        self.base = base
        self.totals = base
    }

    public func shown(_ target: String, to viewer: Viewer) -> Shown? {
        totals[target].map { Shown(stars: given[target]?[viewer] ?? 0, tally: $0) }
    }

    public func admit(_ stars: Int, to target: String, by viewer: Viewer) -> OptimisticAdmission<Shown> {
        guard let prior = shown(target, to: viewer) else { return .unknown }
        return .proceeds(prior: prior, optimistic: prior.rated(stars), sends: prior.stars != stars)
    }

    public mutating func commit(_ stars: Int, to target: String, by viewer: Viewer) -> Bool {
        guard let prior = shown(target, to: viewer), prior.stars != stars else { return false }
        totals[target] = prior.rated(stars).tally
        given[target, default: [:]][viewer] = stars == 0 ? nil : stars
        return true
    }

    /// A rating is stored as an entry of its post: the viewer, their stars.
    public func record(_ stars: Int, to target: String, by viewer: Viewer, in journal: inout StateChanges) {
        if stars == 0 {
            journal.remove(target: target, key: viewer.id)
        } else {
            journal.write(.int(stars), target: target, key: viewer.id)
        }
    }

    public mutating func restore(_ stored: StoredState) {
        for (target, entries) in stored.entries where base[target] != nil {
            given[target] = [:]
            totals[target] = base[target]
            for (key, value) in entries {
                guard let viewer = Viewer(id: key), case .int(let stars) = value, (1...5).contains(stars) else {
                    continue
                }
                totals[target] = Shown(stars: 0, tally: totals[target]!).rated(stars).tally
                given[target]![viewer] = stars
            }
        }
    }

    public mutating func removeAll() {
        totals = base
        given = [:]
    }

    public func contains(_ target: String) -> Bool { base[target] != nil }
    public var targets: Set<String> { Set(base.keys) }

    public static func present(_ shown: Shown, busy: Bool, flash: String?, target: String) -> Presentation {
        Presentation(shown: shown, busy: busy, message: flash)
    }

    /// `{"target": "p1", "stars": 4, "average": 4.2, "count": 12, "pending": false}`.
    public static func json(_ shown: Shown, target: String, pending: Bool) -> JSONValue {
        .object([
            ("target", .string(target)), ("stars", .int(shown.stars)), ("average", .double(shown.tally.average)),
            ("count", .int(shown.tally.count)), ("pending", .bool(pending)),
        ])
    }
}
