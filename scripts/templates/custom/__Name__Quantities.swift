import PreviewKit

/// The committed state behind __Name__, a kind of its own on the kit's generic kind: each viewer's
/// quantity of each item, between none and `limit`. A change adds one or takes one off; past the bounds
/// it is refused (`409`). Stored as one entry per viewer with a quantity: the viewer, the quantity.
public struct __Name__Quantities: SelfManagedModel {
    /// What the component shows: the quantity, whether a change is in flight, and a failure's message.
    public struct Presentation: Sendable, Hashable {
        public var quantity: Int
        public var busy = false
        public var message: String?
    }

    /// One more (`+1`) or one less (`-1`).
    public typealias Change = Int
    public typealias Shown = Int
    public typealias Flash = String

    public let limit: Int
    private let items: Set<String>
    private var quantities: [String: [Viewer: Int]] = [:]

    public init(items: Set<String>, limit: Int) {
        self.items = items
        self.limit = limit
    }

    public func shown(_ target: String, to viewer: Viewer) -> Int? {
        items.contains(target) ? quantities[target]?[viewer] ?? 0 : nil
    }

    public func admit(_ step: Int, to target: String, by viewer: Viewer) -> OptimisticAdmission<Int> {
        guard let prior = shown(target, to: viewer) else { return .unknown }
        guard (0...limit).contains(prior + step) else {
            return .refused(HTTPError(.conflict, "The quantity stays between 0 and \(limit); it is \(prior)."))
        }
        return .proceeds(prior: prior, optimistic: prior + step, sends: step != 0)
    }

    public mutating func commit(_ step: Int, to target: String, by viewer: Viewer) -> Bool {
        guard let prior = shown(target, to: viewer), (0...limit).contains(prior + step), step != 0 else { return false }
        quantities[target, default: [:]][viewer] = prior + step == 0 ? nil : prior + step
        return true
    }

    public func record(_ step: Int, to target: String, by viewer: Viewer, in journal: inout StateChanges) {
        if let quantity = quantities[target]?[viewer] {
            journal.write(.int(quantity), target: target, viewer: viewer)
        } else {
            journal.remove(target: target, viewer: viewer)
        }
    }

    public mutating func restore(_ stored: StoredState) {
        stored.forEachTarget { target, entries in
            guard items.contains(target) else { return }
            quantities[target] = [:]
            for entry in entries {
                if let viewer = entry.viewer, case .int(let quantity)? = entry.value, (1...limit).contains(quantity) {
                    quantities[target]![viewer] = quantity
                }
            }
        }
    }

    public mutating func removeAll() { quantities = [:] }
    public func contains(_ target: String) -> Bool { items.contains(target) }
    public var targets: Set<String> { items }

    /// The quantity shown: what the gallery draws a tap's answers from (`?state=`, `preview snapshots`).
    public static func committed(_ presentation: Presentation) -> Int { presentation.quantity }

    public static func present(_ shown: Int, busy: Bool, flash: String?, target: String) -> Presentation {
        Presentation(quantity: shown, busy: busy, message: flash)
    }

    /// `{"target": "item-1", "quantity": 2, "pending": false}`.
    public static func json(_ shown: Int, target: String, pending: Bool) -> JSONValue {
        .object([("target", .string(target)), ("quantity", .int(shown)), ("pending", .bool(pending))])
    }
}
