import HTTPCore

/// One component's committed state as the state database keeps it: per target, each entry's key and
/// value, in the component's model's own encoding (see `StateChanges`). A model reads what it keeps and
/// skips what it cannot read:
///
/// ```swift
/// public mutating func restore(_ stored: StoredState) {
///     stored.forEachTarget { target, entries in
///         for entry in entries {
///             guard let viewer = entry.viewer, case .int(let quantity)? = entry.value else { continue }
///             quantities[target, default: [:]][viewer] = quantity
///         }
///     }
/// }
/// ```
///
/// The entries are kept as their stored text, one buffer for all of them, and read when a model asks:
/// a million entries load without a million objects, and `entry.viewer` or a `true` reads without any.
public struct StoredState: Sendable {
    /// Every key and value, one after another, as stored (UTF-8; values are JSON).
    private var text: [UInt8] = []
    /// Each entry: where its key starts in `text`, then its key's and its value's length.
    private var rows: [Row] = []
    /// Each target's entries: the ranges of `rows` that are its (one, unless its entries came apart).
    private var spans: [String: [Range<Int>]] = [:]
    /// The target of the last entry added, as text, so that its neighbours in a load make no string.
    private var lastTarget: (name: String, bytes: [UInt8])?

    struct Row {
        var keyStart: Int
        var keyLength: UInt32
        var valueLength: UInt32
    }

    package init() {}

    /// A state with these entries per target (tests, imports, a model's own fixtures).
    package init(entries: [String: [String: JSONValue]]) {
        for (target, values) in entries.sorted(by: { $0.key < $1.key }) {
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                append(target: target, key: key, value: value)
            }
        }
    }

    package var isEmpty: Bool {
        rows.isEmpty
    }

    /// How many entries there are, over every target.
    package var count: Int {
        rows.count
    }

    /// The targets that have entries.
    package var targets: Set<String> {
        Set(spans.keys)
    }

    /// Calls `body` with each target and its entries.
    public func forEachTarget(_ body: (_ target: String, _ entries: Entries) throws -> Void) rethrows {
        for (target, ranges) in spans {
            try body(target, Entries(text: text, rows: rows, ranges: ranges))
        }
    }

    /// The entries of `target` (none when it has none).
    package func entries(of target: String) -> Entries {
        Entries(text: text, rows: rows, ranges: spans[target] ?? [])
    }

    /// Every entry, per target, each read into a `JSONValue` (entries that are not JSON are skipped). This
    /// makes every key and value at once: prefer `forEachTarget` in a model's `restore`.
    package var entries: [String: [String: JSONValue]] {
        var entries: [String: [String: JSONValue]] = [:]
        forEachTarget { target, stored in
            var values: [String: JSONValue] = [:]
            for entry in stored {
                if let value = entry.value { values[entry.key] = value }
            }
            entries[target] = values
        }
        return entries
    }

    /// These entries as changes that write them all over whatever was there (`reset`).
    package var asChanges: StateChanges {
        var changes = StateChanges(reset: true)
        forEachTarget { target, entries in
            for entry in entries {
                if let value = entry.value { changes.write(value, target: target, key: entry.key) }
            }
        }
        return changes
    }

    /// Adds an entry (when `key` is already there for `target`, both are kept and a model reads both).
    package mutating func append(target: String, key: String, value: JSONValue) {
        var key = key
        var target = target
        let encoded = value.encoded()
        target.withUTF8 { target in
            key.withUTF8 { key in
                encoded.withUnsafeBufferPointer { value in append(target: target, key: key, value: value) }
            }
        }
    }

    /// Adds an entry from its stored text (the database's load, row by row, in target order: a target's
    /// neighbours share its name).
    package mutating func append(
        target: UnsafeBufferPointer<UInt8>, key: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>
    ) {
        let row = Row(keyStart: text.count, keyLength: UInt32(key.count), valueLength: UInt32(value.count))
        text.append(contentsOf: key)
        text.append(contentsOf: value)
        rows.append(row)
        let index = rows.count - 1
        if let last = lastTarget, last.bytes.elementsEqual(target) {
            let ranges = spans[last.name]!
            if ranges.last!.upperBound == index {
                spans[last.name]![ranges.count - 1] = ranges.last!.lowerBound..<index + 1
                return
            }
        }
        let name = String(decoding: target, as: UTF8.self)
        lastTarget = (name, Array(target))
        if spans[name]?.last?.upperBound == index {
            spans[name]![spans[name]!.count - 1] = spans[name]!.last!.lowerBound..<index + 1
        } else {
            spans[name, default: []].append(index..<index + 1)
        }
    }

    /// One target's entries, in the order they were stored (by key, from the database).
    public struct Entries: Sequence, Sendable {
        let text: [UInt8]
        let rows: [Row]
        let ranges: [Range<Int>]

        public var underestimatedCount: Int {
            ranges.reduce(0) { $0 + $1.count }
        }

        /// The entries, one after another.
        public func makeIterator() -> some IteratorProtocol<Entry> {
            EntryIterator(entries: self)
        }

        struct EntryIterator: IteratorProtocol {
            let entries: Entries
            var range = 0
            var row: Int

            init(entries: Entries) {
                self.entries = entries
                row = entries.ranges.first?.lowerBound ?? 0
            }

            mutating func next() -> Entry? {
                while range < entries.ranges.count {
                    if row < entries.ranges[range].upperBound {
                        defer { row += 1 }
                        return Entry(text: entries.text, row: entries.rows[row])
                    }
                    range += 1
                    if range < entries.ranges.count { row = entries.ranges[range].lowerBound }
                }
                return nil
            }
        }
    }

    /// One entry: its key and its value, read from their stored text when asked.
    public struct Entry: Sendable {
        let text: [UInt8]
        let row: Row

        /// The entry's key: a viewer's id, a comment's id, whatever the model keyed it by.
        package var key: String {
            withKey { String(decoding: $0, as: UTF8.self) }
        }

        /// The viewer the key names, when it names one (made from the text, with no string between).
        public var viewer: Viewer? {
            withKey { Viewer(utf8: $0) }
        }

        /// The entry's value, or `nil` when the stored text is not JSON. `true`, `false` and small
        /// integers are read without the parser.
        public var value: JSONValue? {
            text.withUnsafeBufferPointer { text in
                let start = row.keyStart + Int(row.keyLength)
                let bytes = UnsafeBufferPointer(rebasing: text[start..<start + Int(row.valueLength)])
                return Self.value(of: bytes)
            }
        }

        /// Whether the value is `true` (a toggle's member), read without making a value.
        package var isTrue: Bool {
            text.withUnsafeBufferPointer { text in
                let start = row.keyStart + Int(row.keyLength)
                return text[start..<start + Int(row.valueLength)].elementsEqual("true".utf8)
            }
        }

        private func withKey<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            text.withUnsafeBufferPointer { text in
                body(UnsafeBufferPointer(rebasing: text[row.keyStart..<row.keyStart + Int(row.keyLength)]))
            }
        }

        static func value(of bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
            if bytes.elementsEqual("true".utf8) { return .bool(true) }
            if bytes.elementsEqual("false".utf8) { return .bool(false) }
            if (1...9).contains(bytes.count),
                bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                bytes.count == 1 || bytes[0] != UInt8(ascii: "0")
            {
                return .int(bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
            }
            return try? JSONValue(parsing: Array(bytes))
        }
    }
}

extension StoredState: Equatable {
    /// Equal when they hold the same values under the same keys of the same targets.
    public static func == (lhs: StoredState, rhs: StoredState) -> Bool {
        lhs.entries == rhs.entries
    }
}
