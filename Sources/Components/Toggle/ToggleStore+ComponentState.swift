import HTTPCore

extension ToggleStore {
    /// The state endpoint's answer: the committed state for `viewer` and whether a tap of theirs is in
    /// flight, `{"target": "p1", "on": true, "count": 13, "pending": false}`.
    public func json(for target: String, viewer: Viewer) -> JSONValue? {
        guard let committed = committed(target, viewer: viewer) else { return nil }
        let pending = view(target, viewer: viewer)?.busy ?? false
        return .object([
            ("target", .string(target)),
            ("on", .bool(committed.isOn)),
            ("count", .int(committed.count)),
            ("pending", .bool(pending)),
        ])
    }
}
