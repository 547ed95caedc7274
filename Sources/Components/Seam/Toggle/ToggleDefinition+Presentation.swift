extension ToggleDefinition {
    /// What a toggle shows a viewer: the state, whether a tap is in flight, and what their last tap without
    /// script left for them.
    public struct Presentation: Sendable, Hashable {
        /// Whether it is on for the viewer, and the count.
        public var state: ToggleState
        /// A tap is in flight: `state` is its optimistic one.
        public var busy: Bool
        /// Play the "on" animation: a change to on was just saved.
        package var animated: Bool
        /// The message of a tap that failed.
        public var message: String?

        /// What a toggle shows: `state` (the optimistic one while `busy`), whether it plays the "on"
        /// animation (`animated`), and a failed tap's `message` (`nil`: none).
        public init(state: ToggleState, busy: Bool = false, animated: Bool = false, message: String? = nil) {
            self.state = state
            self.busy = busy
            self.animated = animated
            self.message = message
        }

        /// What a tap on this shows at once: the state toggled, in flight, and animated when it turns on.
        package var optimisticNext: Presentation {
            Presentation(state: state.toggled(to: !state.isOn), busy: true, animated: !state.isOn)
        }
    }
}
