import HTTPCore

/// The committed state behind a choice (a star rating, a poll's vote): for each target, how many chose
/// each of the declared options (people other than the app's viewers, then the viewers), and each
/// viewer's own choice. A change asks for an option, or for none (`nil`: the viewer takes theirs back).
///
/// Counts are derived, never adjusted: an option's count is its base plus the viewers who chose it.
///
/// The choice kind's model (`SelfManagedModel`), stored as one entry per viewer who chose: the viewer,
/// the option.
package struct Choices: SelfManagedModel {
    package typealias Count = ChoiceDefinition.Count
    package typealias Shown = ChoiceDefinition.Shown
    package typealias Presentation = ChoiceDefinition.Presentation

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

    package func shown(_ target: String, to viewer: Viewer) -> Shown? {
        counts[target].map { Shown(chosen: chosen[target]?[viewer], counts: $0) }
    }

    /// Any declared option, or none, on a known target; it sends nothing when it is the viewer's choice.
    package func admit(_ option: String?, to target: String, by viewer: Viewer) -> OptimisticAdmission<Shown> {
        guard let prior = shown(target, to: viewer) else { return .unknown }
        if let option, !options.contains(option) {
            return .refused(HTTPError(.badRequest, "\(option) is not an option: \(options.joined(separator: ", "))."))
        }
        return .proceeds(prior: prior, optimistic: prior.choosing(option), sends: prior.chosen != option)
    }

    package mutating func commit(_ option: String?, to target: String, by viewer: Viewer) -> Bool {
        guard let prior = shown(target, to: viewer), prior.chosen != option else { return false }
        counts[target] = prior.choosing(option).counts
        chosen[target, default: [:]][viewer] = option
        return true
    }

    package func record(_ option: String?, to target: String, by viewer: Viewer, in journal: inout StateChanges) {
        if let option {
            journal.write(.string(option), target: target, viewer: viewer)
        } else {
            journal.remove(target: target, viewer: viewer)
        }
    }

    package mutating func restore(_ stored: StoredState) {
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

    package mutating func removeAll() {
        counts = base
        chosen = [:]
    }

    package func contains(_ target: String) -> Bool { base[target] != nil }
    package var targets: Set<String> { Set(base.keys) }

    /// The choice and counts shown.
    package static func committed(_ presentation: Presentation) -> Shown {
        presentation.shown
    }

    package static func present(_ shown: Shown, busy: Bool, flash: String?, target: String) -> Presentation {
        Presentation(shown: shown, busy: busy, message: flash)
    }

    /// `{"target": "q1", "choice": "yes", "counts": {"yes": 4, "no": 2}, "pending": false}`.
    package static func json(_ shown: Shown, target: String, pending: Bool) -> JSONValue {
        .object([
            ("target", .string(target)), ("choice", shown.chosen.map(JSONValue.string) ?? .null),
            ("counts", .object(shown.counts.map { ($0.option, .int($0.count)) })),
            ("pending", .bool(pending)),
        ])
    }
}
