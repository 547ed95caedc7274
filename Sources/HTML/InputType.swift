/// The `type` of an `<input>` or `<button>`, for ``HTMLAttribute/type(_:)``.
public enum InputType: Sendable, Hashable {
    /// `type="submit"`
    case submit
    /// `type="button"`
    case button
    /// `type="hidden"`
    case hidden
    /// `type="text"`
    case text
    /// `type="number"`
    case number
    /// `type="checkbox"`
    case checkbox
    /// `type="search"`
    case search
    /// `type="url"`
    case url
    /// `type="range"`
    case range
}
