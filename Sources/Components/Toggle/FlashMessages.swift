/// One-time messages for the next page a viewer sees: the outcome of a tap made without script, which
/// the redirected-to page shows once.
struct FlashMessages<Key: Hashable> {
    private var messages: [Key: ToggleStore.Flash] = [:]

    var isEmpty: Bool { messages.isEmpty }

    /// Leaves `flash` for `key`, replacing any earlier one.
    mutating func set(_ flash: ToggleStore.Flash, for key: Key) {
        messages[key] = flash
    }

    /// Returns and forgets the message for `key`.
    mutating func take(for key: Key) -> ToggleStore.Flash? {
        messages.isEmpty ? nil : messages.removeValue(forKey: key)
    }

    mutating func removeAll() {
        messages = [:]
    }
}
