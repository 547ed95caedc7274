/// One tap (a change asked of one target by one viewer), the one value a change is from its route to its
/// answer: what was asked, the service call it makes, and where an answer without script leads. The flow
/// (`OptimisticFlow`) runs it and tells how it ended (`SelfManagedOutcome`); the route answers from the two.
///
/// ```swift
/// let tap = OptimisticTap<Ratings>(key: key, change: 4, call: .send(request, through: service),
///                                  wantsFragment: false, landing: "/posts/p1")
/// switch try flow.start(tap) { … }
/// ```
package struct OptimisticTap<Model: SelfManagedModel>: Sendable {
    /// The viewer and the target.
    package var key: OptimisticKey
    /// What the viewer asks for.
    package var change: Model.Change
    /// The service call; not made when there is nothing to send.
    package var call: ServiceCall
    /// Whether the answer is the component's fragment (`HX-Request`), or a `303` to `landing`.
    package var wantsFragment: Bool
    /// Where an answer without script leads: a validated local path.
    package var landing: String

    package init(key: OptimisticKey, change: Model.Change, call: ServiceCall, wantsFragment: Bool, landing: String) {
        self.key = key
        self.change = change
        self.call = call
        self.wantsFragment = wantsFragment
        self.landing = landing
    }
}
