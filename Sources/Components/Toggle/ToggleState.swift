/// What a toggle component shows a viewer: whether it is on for them (liked, following) and the count
/// (likes, followers).
public struct ToggleState: Sendable, Hashable {
    public var isOn: Bool
    public var count: Int

    public init(isOn: Bool, count: Int) {
        self.isOn = isOn
        self.count = count
    }

    /// The state a tap asking for `desired` shows at once: the count moves by one when the state changes.
    public func toggled(to desired: Bool) -> ToggleState {
        guard desired != isOn else { return self }
        return ToggleState(isOn: desired, count: count + (desired ? 1 : -1))
    }
}
