/// A named string value: a header field, a form field, a hidden field of a tap's form.
///
/// A struct rather than a tuple: arrays of tuples are copied and destroyed through the runtime's generic
/// (slow) paths, arrays of structs through code made for the type.
public struct NameValue: Sendable, Hashable {
    /// The field's name, as sent.
    public var name: String
    /// The field's value, decoded.
    public var value: String

    /// A field named `name` holding `value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// A field named `name` holding `value`: `TapAction(path: "/go", fields: [.init("to", "/home")])`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
