import HTTPCore

/// A form field an action takes, besides the target's and `return_to`, with what the docs say of it:
/// `stars`, an integer from 0 to 5.
public struct ActionField: Sendable {
    /// The field's name in the action's form: `stars`.
    public var name: String
    /// Its schema in the OpenAPI description.
    package var schema: Schema
    package var required: Bool
    /// What it holds, in a sentence: `The stars given, 1 to 5; 0 clears the rating.`
    package var description: String
    /// A value that works against the demo data.
    package var example: String?

    package init(_ name: String, _ schema: Schema, required: Bool = true, _ description: String, example: String? = nil)
    {
        self.name = name
        self.schema = schema
        self.required = required
        self.description = description
        self.example = example
    }
}
