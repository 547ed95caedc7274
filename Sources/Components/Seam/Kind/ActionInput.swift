import Basics
import HTTPCore

/// What an action's form decodes from: the fields it takes, the target and the viewer, with checks that
/// answer `400` naming the field.
///
/// ```swift
/// decode: { (input) throws(HTTPError) in
///     let stars = try input.integer("stars", in: 0...5, meaning: "the stars given, 0 to clear")
///     return .change(stars)
/// }
/// ```
public struct ActionInput: Sendable {
    /// The fields the action takes, as sent.
    package let form: FormFields
    /// The target the change is for (empty for an action that needs none).
    public let target: String
    /// Who taps.
    public let viewer: Viewer
    /// What the `400`s call the action: `The rating rate`.
    let action: String
    let clock: @Sendable () -> Timestamp

    init(form: FormFields, target: String, viewer: Viewer, action: String, clock: @escaping @Sendable () -> Timestamp) {
        self.form = form
        self.target = target
        self.viewer = viewer
        self.action = action
        self.clock = clock
    }

    /// The time now, from the app's clock (a comment's time).
    public var now: Timestamp { clock() }

    /// The field as sent, or `nil` when it was not.
    public subscript(field: String) -> String? {
        form[field]
    }

    /// The field's value; `400` when it is missing: `The rating rate needs a stars field: the stars given.`
    public func required(_ field: String, meaning: String) throws(HTTPError) -> String {
        guard let value = form[field] else {
            throw HTTPError(.badRequest, "The \(action) needs a \(field) field: \(meaning).")
        }
        return value
    }

    /// The field as a whole number within `range`; `400` when it is missing or not one.
    public func integer(_ field: String, in range: ClosedRange<Int>, meaning: String) throws(HTTPError) -> Int {
        let text = try required(field, meaning: meaning)
        guard let value = Int(text), range.contains(value) else {
            throw HTTPError(
                .badRequest,
                "The \(field) field must be a whole number from \(range.lowerBound) to \(range.upperBound): \(meaning)."
            )
        }
        return value
    }

    /// The field as `true` or `false`; `400` when it is missing or anything else.
    public func boolean(_ field: String, meaning: String) throws(HTTPError) -> Bool {
        guard let value = form[field].flatMap(Bool.init) else {
            throw HTTPError(.badRequest, "The \(field) field must be true or false: \(meaning).")
        }
        return value
    }
}
