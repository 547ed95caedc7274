import HTML
import Synchronization

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
    /// What a root carries of its optimistic state.
    public enum OptimisticMarkup: Sendable, Equatable {
        /// `data-optimistic`: the patch from the root's render to the optimistic one.
        case patch(String)
        /// `data-optimistic-html`: the optimistic root's whole markup.
        case html(String)
    }

    public var key: String
    /// The component as it is now, configured with its self-managed tap.
    public var committed: any HTMLComponent
    /// What a tap shows at once, or `nil` when it shows nothing before the answer.
    public var optimistic: (any HTMLComponent)?
    /// What the optimistic state's markup was when the same inputs were rendered before (`OptimisticMemo`),
    /// and where to keep it once made.
    var remembered: HTMLAttributes?
    var keep: (@Sendable (HTMLAttributes) -> Void)?

    public init(key: String, committed: any HTMLComponent, optimistic: (any HTMLComponent)?) {
        self.key = key
        self.committed = committed
        self.optimistic = optimistic
    }

    public func render(into html: inout HTMLBuffer) {
        if let remembered {
            html.render(committed) { _ in remembered }
            return
        }
        let next = optimistic?.renderedBytes
        html.render(committed) { now in
            guard let next else { return HTMLAttributes(.custom("data-self-managed", key)) }
            let markup = next.withUnsafeBufferPointer { next in
                HTMLPatch.encoded(from: now, to: next).map(OptimisticMarkup.patch)
                    ?? .html(String(decoding: next, as: UTF8.self))
            }
            let attributes = HTMLAttributes(.custom("data-self-managed", key), Self.attribute(markup))
            keep?(attributes)
            return attributes
        }
    }

    private static func attribute(_ markup: OptimisticMarkup) -> HTMLAttribute {
        switch markup {
        case .patch(let patch): .custom("data-optimistic", patch)
        case .html(let html): .custom("data-optimistic-html", html)
        }
    }
}

/// The attributes of a component's self-managed roots (the key and the optimistic markup), kept by what a
/// root is rendered from (for a toggle: the target, the presentation and the return path), so that a root
/// shown again in the same state renders its optimistic state and compares it once. A render is a pure function of those inputs, so what
/// is kept is never stale; at most `limit` are kept, and a full memo starts over.
public final class OptimisticMemo<Key: Hashable & Sendable>: Sendable {
    public let limit: Int
    /// The attributes each root carries (its key and its optimistic markup), rendered.
    private let kept = Mutex<[Key: HTMLAttributes]>([:])

    public init(limit: Int = 4096) {
        self.limit = max(0, limit)
    }

    /// The root `key` showing `committed`, whose optimistic state is `optimistic()`: made and compared
    /// only when `inputs` were not rendered before.
    public func root(
        key: String, committed: any HTMLComponent, by inputs: Key, optimistic: () -> any HTMLComponent
    ) -> SelfManaged {
        if let known = kept.withLock({ $0[inputs] }) {
            var root = SelfManaged(key: key, committed: committed, optimistic: nil)
            root.remembered = known
            return root
        }
        var root = SelfManaged(key: key, committed: committed, optimistic: optimistic())
        if limit > 0 {
            root.keep = { [weak self] markup in self?.keep(markup, for: inputs) }
        }
        return root
    }

    private func keep(_ markup: HTMLAttributes, for key: Key) {
        kept.withLock { kept in
            if kept.count >= limit { kept.removeAll(keepingCapacity: true) }
            kept[key] = markup
        }
    }

    public var count: Int {
        kept.withLock { $0.count }
    }
}
