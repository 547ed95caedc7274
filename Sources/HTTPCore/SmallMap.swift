/// A map for a handful of entries (a request's cookies, a route's parameters or methods): an array
/// searched in order, which for so few beats hashing and allocates once.
///
/// Entries keep the order they were first set in.
struct SmallMap<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    /// One entry (a struct rather than a tuple, which arrays copy and destroy through slow generic paths).
    struct Entry: Sendable {
        var key: Key
        var value: Value
    }

    private(set) var entries: [Entry] = []

    /// The value for `key`, or `nil`; setting `nil` removes the entry.
    subscript(key: Key) -> Value? {
        get {
            // By index: iterating would copy (retain and release) each entry on the way.
            for index in entries.indices where entries[index].key == key {
                return entries[index].value
            }
            return nil
        }
        set {
            let existing = entries.firstIndex { $0.key == key }
            switch (existing, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append(Entry(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    var isEmpty: Bool { entries.isEmpty }

    var count: Int { entries.count }

    var keys: [Key] { entries.map(\.key) }
}

extension SmallMap: Equatable where Value: Equatable {
    /// Equal when they hold the same entries, in whatever order.
    static func == (lhs: SmallMap, rhs: SmallMap) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }
}
