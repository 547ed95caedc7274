import ComponentTesting
import Foundation
import HTTPCore
import Testing

@testable import Components

/// A component's stored state: entries kept as their text, read per target when a model asks.
@Suite struct StoredStateTests {
    @Test func entriesReadBackPerTargetAsTheyWereGiven() {
        let given: [String: [String: JSONValue]] = [
            "p1": ["va": .bool(true), "vb": .int(4), "vc": .string("four")],
            "p2": ["vd": .object([("text", .string("hi")), ("at", .int(1))]), "ve": .bool(false)],
        ]
        let stored = StoredState(entries: given)
        #expect(stored.entries == given)
        #expect(stored.count == 5 && stored.targets == ["p1", "p2"] && !stored.isEmpty)
        #expect(stored.entries(of: "p1").map(\.key) == ["va", "vb", "vc"])
        #expect(stored.entries(of: "p1").map(\.isTrue) == [true, false, false])
        #expect(Array(stored.entries(of: "p3")).isEmpty)
        #expect(StoredState().isEmpty && StoredState().entries.isEmpty)
    }

    @Test(arguments: [
        ("true", JSONValue.bool(true)), ("false", .bool(false)), ("0", .int(0)), ("7", .int(7)),
        ("123456789", .int(123_456_789)), ("1234567890123", .int(1_234_567_890_123)), ("-3", .int(-3)),
        ("2.5", .double(2.5)), (#""4""#, .string("4")), ("null", .null),
    ])
    func aValueIsReadAsTheParserReadsIt(text: String, value: JSONValue) throws {
        var stored = StoredState()
        stored.append(target: "t", key: "k", text: text)
        #expect(stored.entries(of: "t").map(\.value) == [value])
        #expect(try JSONValue(parsing: Array(text.utf8)) == value)
    }

    @Test(arguments: ["007", "tru", "", "{", "1 2", "true1"])
    func aValueThatIsNotJSONIsNil(text: String) {
        var stored = StoredState()
        stored.append(target: "t", key: "k", text: text)
        #expect(stored.entries(of: "t").map(\.value) == [nil])
        #expect(stored.entries(of: "t").map(\.isTrue) == [false])
        #expect(stored.entries == ["t": [:]])
    }

    @Test func aKeyNamesAViewerAsACookieWould() {
        let minted = Viewer(bits: 0x0123_4567_89ab_cdef)
        var stored = StoredState()
        for key in [minted.id, "ada-1", "not a viewer", ""] {
            stored.append(target: "t", key: key, text: "true")
        }
        #expect(stored.entries(of: "t").map(\.viewer) == [minted, Viewer(id: "ada-1"), nil, nil])
    }

    @Test func aTargetWhoseEntriesCameApartIsReadWhole() {
        var stored = StoredState()
        stored.append(target: "p1", key: "a", text: "1")
        stored.append(target: "p2", key: "b", text: "2")
        stored.append(target: "p1", key: "c", text: "3")
        stored.append(target: "p1", key: "d", text: "4")
        #expect(stored.entries(of: "p1").map(\.key) == ["a", "c", "d"])
        #expect(stored.entries == ["p1": ["a": .int(1), "c": .int(3), "d": .int(4)], "p2": ["b": .int(2)]])
        var seen: [String: Int] = [:]
        stored.forEachTarget { target, entries in seen[target, default: 0] += Array(entries).count }
        #expect(seen == ["p1": 3, "p2": 1])
    }

    @Test func asChangesWritesEveryReadableEntryOverWhatWasThere() {
        var stored = StoredState(entries: ["p1": ["va": .bool(true)]])
        stored.append(target: "p1", key: "broken", text: "{")
        let changes = stored.asChanges
        #expect(changes.reset)
        #expect(changes.entries.count == 1)
        #expect(changes.entries[StateChanges.Entry(target: "p1", key: "va")] == .bool(true))
    }
}

extension StoredState {
    /// Adds an entry from its stored text, as the database's load does.
    fileprivate mutating func append(target: String, key: String, text: String) {
        let target = Array(target.utf8)
        let key = Array(key.utf8)
        let value = Array(text.utf8)
        target.withUnsafeBufferPointer { target in
            key.withUnsafeBufferPointer { key in
                value.withUnsafeBufferPointer { value in append(target: target, key: key, value: value) }
            }
        }
    }
}
