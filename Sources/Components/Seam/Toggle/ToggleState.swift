import HTTPCore

/// What a toggle component shows a viewer: whether it is on for them (liked, following) and the count
/// (likes, followers).
public struct ToggleState: Sendable, Hashable {
    /// Whether it is on for the viewer.
    public var isOn: Bool
    /// How many have it on, the viewer included when it is on for them.
    public var count: Int

    /// On or off for the viewer (`isOn`), with how many have it on (`count`).
    public init(isOn: Bool, count: Int) {
        self.isOn = isOn
        self.count = count
    }

    /// The state a tap asking for `desired` shows at once: the count moves by one when the state changes.
    package func toggled(to desired: Bool) -> ToggleState {
        guard desired != isOn else { return self }
        return ToggleState(isOn: desired, count: count + (desired ? 1 : -1))
    }
}

extension ToggleState {
    /// This state as an event shows it, with the toggle's name for its state: `liked, 1,234` (`not liked,
    /// 7` when off) and `{"liked": true, "count": 1234}`.
    package func eventState(named name: String) -> EventState {
        EventState(
            text: (isOn ? "" : "not ") + name + ", " + CompactCount.grouped(count),
            json: .object([(name, .bool(isOn)), ("count", .int(count))]))
    }
}
