/// Checked parameter values for one preview instance; every parameter of the schema has a value.
public struct PreviewValues: Sendable, Equatable {
    /// In schema order.
    /// One parameter's value.
    package struct Pair: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    package private(set) var pairs: [Pair]

    init(pairs: [Pair]) {
        self.pairs = pairs
    }

    /// The value of parameter `name`, checked (its default when not given); empty for a name the schema lacks.
    public subscript(name: String) -> String {
        pairs.first { $0.name == name }?.value ?? ""
    }

    /// Whether the value of parameter `name` is `true`; `false` otherwise, or for a name the schema lacks.
    public func bool(_ name: String) -> Bool {
        self[name] == "true"
    }

    /// The value of parameter `name` as an integer; `0` when it is not one, or for a name the schema lacks.
    public func int(_ name: String) -> Int {
        Int(self[name]) ?? 0
    }

    /// The value, or `nil` when it is empty.
    public func optional(_ name: String) -> String? {
        let value = self[name]
        return value.isEmpty ? nil : value
    }

}
