/// An ordered list of header fields whose names compare case-insensitively.
///
/// ```swift
/// var headers = HTTPHeaders()
/// headers.add("Content-Type", "text/html; charset=utf-8")
/// headers["content-type"]  // "text/html; charset=utf-8"
/// ```
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Field = (name: String, value: String)

    private var fields: [Field]

    public init() {
        fields = []
    }

    /// Empty, with room for `capacity` fields before it grows.
    public init(minimumCapacity capacity: Int) {
        fields = []
        fields.reserveCapacity(capacity)
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// Makes room for `count` more fields, so that adding them allocates at most once.
    public mutating func reserveCapacity(adding count: Int) {
        fields.reserveCapacity(fields.count + count)
    }

    /// The value of the first field with this name, or `nil`.
    public subscript(name: String) -> String? {
        get {
            for field in fields where Self.namesMatch(field.name, name) {
                return field.value
            }
            return nil
        }
        set {
            guard let newValue else {
                remove(name)
                return
            }
            // Replace the first field in place (the common case: one field of that name), drop others.
            guard let first = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) else {
                fields.append((name: name, value: newValue))
                return
            }
            fields[first] = (name: name, value: newValue)
            var index = first + 1
            while index < fields.count {
                if Self.namesMatch(fields[index].name, name) {
                    fields.remove(at: index)
                } else {
                    index += 1
                }
            }
        }
    }

    /// All values of the fields with this name, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Appends a field, keeping any others with the same name (as `Set-Cookie` needs).
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Removes every field with this name.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    public func contains(_ name: String) -> Bool {
        self[name] != nil
    }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// Compares two header names ASCII case-insensitively.
    static func namesMatch(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        if a == b { return true }
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for index in 0..<x.count where ASCII.lowercased(x[index]) != ASCII.lowercased(y[index]) {
                    return false
                }
                return true
            }
        }
    }
}
