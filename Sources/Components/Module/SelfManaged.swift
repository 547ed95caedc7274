import HTML

/// A component root that handles its own tap, as the kit renders it: the component's markup with two
/// attributes added to its root, so that the kit's browser script (`Public/app.js`) can work any
/// self-managed component without knowing it.
///
/// - `data-self-managed`: the key, such as `like p1`. Every root on a page with the same key shows the
///   same thing (the same author beside several posts), and the script keeps them in step.
/// - `data-optimistic`: the patch (`HTMLPatch.encoded`) from this state to the optimistic state a tap
///   shows at once, rendered by the same Swift as this one. When the two renders do not have the same
///   elements, `data-optimistic-html` holds the optimistic root's whole markup instead.
///
/// ```swift
/// SelfManaged(key: "like p1", committed: LikeButton(…), optimistic: LikeButton(…, busy: true))
/// ```
///
/// A toggle gets this from its `ToggleDefinition` (`selfManaged(_:shown:returnTo:)`); a tap on the
/// optimistic state itself goes back to the state it came from.
public struct SelfManaged: HTMLComponent {
    public var key: String
    /// The component as it is now, configured with its self-managed tap.
    public var committed: any HTMLComponent
    /// What a tap shows at once, or `nil` when it shows nothing before the answer.
    public var optimistic: (any HTMLComponent)?

    public init(key: String, committed: any HTMLComponent, optimistic: (any HTMLComponent)?) {
        self.key = key
        self.committed = committed
        self.optimistic = optimistic
    }

    public func render(into html: inout HTMLBuffer) {
        let now = committed.renderedBytes
        guard let optimistic else {
            html.raw(now, addingToRoot: .custom("data-self-managed", key))
            return
        }
        let next = optimistic.renderedBytes
        if let patch = HTMLPatch(from: now, to: next) {
            html.raw(now, addingToRoot: .custom("data-self-managed", key), .custom("data-optimistic", patch.encoded))
        } else {
            html.raw(
                now, addingToRoot: .custom("data-self-managed", key),
                .custom("data-optimistic-html", String(decoding: next, as: UTF8.self)))
        }
    }
}
