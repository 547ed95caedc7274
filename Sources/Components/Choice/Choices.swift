import HTTPCore

/// The committed state behind a choice (a star rating, a poll's vote): for each target, how many chose
/// each of the declared options (people other than the app's viewers, then the viewers), and each
/// viewer's own choice. A change asks for an option, or for none (`nil`: the viewer takes theirs back).
///
/// Counts are derived, never adjusted: an option's count is its base plus the viewers who chose it.
///
/// The choice kind's model (`SelfManagedModel`), stored as one entry per viewer who chose: the viewer,
/// the option.
public struct Choices: SelfManagedModel {
    /// How many chose one option.
    public struct Count: Sendable, Hashable {
        /// The option's value, as its form posts it.
        public var option: String
        /// How many have it chosen.
        public var count: Int

        /// `option`, chosen by `count` people (those other than the app's viewers, then the viewers).
        public init(_ option: String, _ count: Int) {
            self.option = option
            self.count = count
        }
    }

    /// What a viewer is shown of a target: their choice and how many chose each option.
    public struct Shown: Sendable, Hashable {
        /// The viewer's option; `nil` when they have not chosen.
        public var chosen: String?
        /// How many chose each option, in the options' order.
        public var counts: [Count]

        /// The viewer's choice (`nil`: none) and every option's count, in the options' order.
        public init(chosen: String?, counts: [Count]) {
            self.chosen = chosen
            self.counts = counts
        }

        /// Every choice made.
        package var total: Int { counts.reduce(0) { $0 + $1.count } }

        /// How many chose `option`.
        package func count(of option: String) -> Int {
            counts.first { $0.option == option }?.count ?? 0
        }

        /// The same target after the viewer chooses `option` (`nil`: takes their choice back).
        package func choosing(_ option: String?) -> Shown {
            var next = self
            for index in next.counts.indices {
                if next.counts[index].option == chosen { next.counts[index].count -= 1 }
                if next.counts[index].option == option { next.counts[index].count += 1 }
            }
            next.chosen = option
            return next
        }
    }

    /// What a choice component shows: the state, whether a change is in flight, and a failure's message.
    public struct Presentation: Sendable, Hashable {
        /// The viewer's choice and the counts.
        public var shown: Shown
        /// A change is in flight: `shown` is its optimistic state.
        public var busy: Bool
        /// A failed change's message, shown once; `nil` for none.
        public var message: String?

        /// What the component shows: `shown` (the optimistic state while `busy`) and a failure's `message`
        /// (`nil`: none).
        public init(shown: Shown, busy: Bool = false, message: String? = nil) {
            self.shown = shown
            self.busy = busy
            self.message = message
        }
    }

    /// The options there are, in order.
    package let options: [String]
    private let base: [String: [Count]]
    private var counts: [String: [Count]]
    private var chosen: [String: [Viewer: String]] = [:]

    /// - Parameters:
    ///   - options: The options a viewer chooses among.
    ///   - base: For each target (the targets that exist), how many people other than the app's viewers
    ///     chose each option; options it leaves out have none, options not declared are ignored.
    package init(options: [String], base: [String: [String: Int]]) {
        self.options = options
        self.base = base.mapValues { given in options.map { Count($0, max(0, given[$0] ?? 0)) } }
        self.counts = self.base
    }

    public func shown(_ target: String, to viewer: Viewer) -> Shown? {
        counts[target].map { Shown(chosen: chosen[target]?[viewer], counts: $0) }
    }

    /// Any declared option, or none, on a known target; it sends nothing when it is the viewer's choice.
    public func admit(_ option: String?, to target: String, by viewer: Viewer) -> OptimisticAdmission<Shown> {
        guard let prior = shown(target, to: viewer) else { return .unknown }
        if let option, !options.contains(option) {
            return .refused(HTTPError(.badRequest, "\(option) is not an option: \(options.joined(separator: ", "))."))
        }
        return .proceeds(prior: prior, optimistic: prior.choosing(option), sends: prior.chosen != option)
    }

    public mutating func commit(_ option: String?, to target: String, by viewer: Viewer) -> Bool {
        guard let prior = shown(target, to: viewer), prior.chosen != option else { return false }
        counts[target] = prior.choosing(option).counts
        chosen[target, default: [:]][viewer] = option
        return true
    }

    public func record(_ option: String?, to target: String, by viewer: Viewer, in journal: inout StateChanges) {
        if let option {
            journal.write(.string(option), target: target, viewer: viewer)
        } else {
            journal.remove(target: target, viewer: viewer)
        }
    }

    public mutating func restore(_ stored: StoredState) {
        stored.forEachTarget { target, entries in
            guard base[target] != nil else { return }
            counts[target] = base[target]
            chosen[target] = [:]
            for entry in entries {
                guard let viewer = entry.viewer, case .string(let option)? = entry.value, options.contains(option)
                else {
                    continue
                }
                counts[target] = Shown(chosen: nil, counts: counts[target]!).choosing(option).counts
                chosen[target]![viewer] = option
            }
        }
    }

    public mutating func removeAll() {
        counts = base
        chosen = [:]
    }

    public func contains(_ target: String) -> Bool { base[target] != nil }
    public var targets: Set<String> { Set(base.keys) }

    /// The choice and counts shown.
    public static func committed(_ presentation: Presentation) -> Shown {
        presentation.shown
    }

    public static func present(_ shown: Shown, busy: Bool, flash: String?, target: String) -> Presentation {
        Presentation(shown: shown, busy: busy, message: flash)
    }

    /// `{"target": "q1", "choice": "yes", "counts": {"yes": 4, "no": 2}, "pending": false}`.
    public static func json(_ shown: Shown, target: String, pending: Bool) -> JSONValue {
        .object([
            ("target", .string(target)), ("choice", shown.chosen.map(JSONValue.string) ?? .null),
            ("counts", .object(shown.counts.map { ($0.option, .int($0.count)) })),
            ("pending", .bool(pending)),
        ])
    }
}
