import Components

extension Dictionary where Key == String, Value == StoredState {
    /// Each component's members per target, leaving out components that keep none.
    var members: [String: [String: Set<Viewer>]] {
        compactMapValues { $0.members.isEmpty ? nil : $0.members }
    }
}
