extension ChoiceDefinition {
    /// How many chose one option.
    public struct Count: Sendable, Hashable {
        /// The option's value, as its form posts it.
        public var option: String
        /// How many have it chosen.
        public var count: Int

        /// `option`, chosen by `count` people (those other than the app's viewers, then the viewers).
        public init(_ option: String, _ count: Int) {
            self.option = option
            self.count = count
        }
    }

    /// What a viewer is shown of a target: their choice and how many chose each option.
    public struct Shown: Sendable, Hashable {
        /// The viewer's option; `nil` when they have not chosen.
        public var chosen: String?
        /// How many chose each option, in the options' order.
        public var counts: [Count]

        /// The viewer's choice (`nil`: none) and every option's count, in the options' order.
        public init(chosen: String?, counts: [Count]) {
            self.chosen = chosen
            self.counts = counts
        }

        /// Every choice made.
        package var total: Int { counts.reduce(0) { $0 + $1.count } }

        /// How many chose `option`.
        package func count(of option: String) -> Int {
            counts.first { $0.option == option }?.count ?? 0
        }

        /// The same target after the viewer chooses `option` (`nil`: takes their choice back).
        package func choosing(_ option: String?) -> Shown {
            var next = self
            for index in next.counts.indices {
                if next.counts[index].option == chosen { next.counts[index].count -= 1 }
                if next.counts[index].option == option { next.counts[index].count += 1 }
            }
            next.chosen = option
            return next
        }
    }

    /// What a choice component shows: the state, whether a change is in flight, and a failure's message.
    public struct Presentation: Sendable, Hashable {
        /// The viewer's choice and the counts.
        public var shown: Shown
        /// A change is in flight: `shown` is its optimistic state.
        public var busy: Bool
        /// A failed change's message, shown once; `nil` for none.
        public var message: String?

        /// What the component shows: `shown` (the optimistic state while `busy`) and a failure's `message`
        /// (`nil`: none).
        public init(shown: Shown, busy: Bool = false, message: String? = nil) {
            self.shown = shown
            self.busy = busy
            self.message = message
        }
    }
}
