/// Checked parameter values for one preview instance; every parameter of the schema has a value.
public struct PreviewValues: Sendable, Equatable {
    /// In schema order.
    public private(set) var pairs: [(name: String, value: String)]

    init(pairs: [(name: String, value: String)]) {
        self.pairs = pairs
    }

    public subscript(name: String) -> String {
        pairs.first { $0.name == name }?.value ?? ""
    }

    public func bool(_ name: String) -> Bool {
        self[name] == "true"
    }

    public func int(_ name: String) -> Int {
        Int(self[name]) ?? 0
    }

    /// The value, or `nil` when it is empty.
    public func optional(_ name: String) -> String? {
        let value = self[name]
        return value.isEmpty ? nil : value
    }

    public static func == (lhs: PreviewValues, rhs: PreviewValues) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }
}
