@_spi(Runtime) import Basics
import HTML
import HTTPCore

/// A component root that handles its own tap, as the kit renders it: the component's markup with two
/// attributes added to its root, so that the kit's browser script (`Public/app.js`) can work any
/// self-managed component without knowing it.
///
/// - `data-self-managed`: the key, such as `like p1`. Every root on a page with the same key shows the
///   same thing (the same author beside several posts), and the script keeps them in step.
/// - `data-optimistic`: the patch (`HTMLPatch.encoded`) from this state to the optimistic state a tap
///   shows at once, rendered by the same Swift as this one. When the two renders do not have the same
///   elements, `data-optimistic-html` holds the optimistic root's whole markup instead.
/// - `data-optimistic-options`, for a root whose forms show different things at once (five stars): a
///   JSON object from each form's action and hidden fields (`/components/rating/rate?post=p1&stars=4`,
///   `return_to` left out) to its optimistic state, a patch from this state or `{"html": markup}`. A tap on any state of the root
///   shows, from the state before the first tap, the option of the form tapped.
///
/// ```swift
/// SelfManaged(key: "like p1", committed: LikeButton(…), optimistic: LikeButton(…, busy: true))
/// ```
///
/// A toggle gets this from its `ToggleDefinition` (`selfManaged(_:shown:returnTo:)`); a tap on the
/// optimistic state itself goes back to the state it came from.
public struct SelfManaged: HTMLComponent {
    /// What a root carries of its optimistic state.
    package enum OptimisticMarkup: Sendable, Equatable {
        /// `data-optimistic`: the patch from the root's render to the optimistic one.
        case patch(String)
        /// `data-optimistic-html`: the optimistic root's whole markup.
        case html(String)
    }

    package var key: String
    /// The component as it is now, configured with its self-managed tap.
    package var committed: any HTMLComponent
    /// What a tap shows at once, or `nil` when it shows nothing before the answer.
    package var optimistic: (any HTMLComponent)?
    /// What each form shows at once, found from the committed render's bytes (see `PerForm`); when set,
    /// it is used instead of `optimistic`.
    var perForm: (@Sendable (UnsafeBufferPointer<UInt8>) -> PerForm)?
    /// The root's whole markup when the same inputs were rendered before (`OptimisticMemo`), and where to
    /// keep it once made.
    var remembered: [UInt8]?
    var keep: (@Sendable ([UInt8]) -> Void)?

    package init(key: String, committed: any HTMLComponent, optimistic: (any HTMLComponent)?) {
        self.key = key
        self.committed = committed
        self.optimistic = optimistic
    }

    /// The same root, not kept by its definition when rendered: for a caller that keeps the bytes itself
    /// (an answer's fragment, a page's cell), so that one render is kept in one cache.
    package var unkept: SelfManaged {
        var root = self
        root.keep = nil
        return root
    }

    /// What the forms of a root show at once, rendered.
    enum PerForm: Sendable {
        /// Nothing before the answer.
        case none
        /// One state for any tap in the root (its one form): `data-optimistic`, as for `optimistic`.
        case whole([UInt8])
        /// Its one state, as the patch to it already made (`SelfManagedDefinition`: from short renders that
        /// leave out what a browser holds, renumbered for the whole one).
        case patch(String)
        /// A state per form, by the key of its hidden fields: `data-optimistic-options`.
        case options([(key: String, markup: [UInt8])])
    }

    /// A root whose optimistic states are worked out from its committed render, form by form.
    init(
        key: String, committed: any HTMLComponent, perForm: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> PerForm
    ) {
        self.key = key
        self.committed = committed
        self.optimistic = nil
        self.perForm = perForm
    }

    public func render(into html: inout HTMLBuffer) {
        if let remembered {
            html.raw(HTMLRaw(bytes: remembered))  // this very render's bytes, made before from the same inputs
            return
        }
        guard let keep else {
            renderAnew(into: &html)
            return
        }
        keep(html.appended { renderAnew(into: &$0) })
    }

    /// The committed component with its key and optimistic markup added to its root.
    private func renderAnew(into html: inout HTMLBuffer) {
        // A root given its one optimistic state carries it as a root with one form does.
        let next = perForm == nil ? optimistic?.renderedBytes : nil
        html.render(committed) { now in
            switch perForm?(now) ?? next.map(PerForm.whole) ?? .none {
            case .none:
                return HTMLAttributes(.custom("data-self-managed", key))
            case .whole(let next):
                return HTMLAttributes(
                    .custom("data-self-managed", key), Self.attribute(Self.markup(from: now, to: next)))
            case .patch(let patch):
                return HTMLAttributes(.custom("data-self-managed", key), .custom("data-optimistic", patch))
            case .options(let options):
                let table = JSONValue.object(
                    options.map { option in
                        switch Self.markup(from: now, to: option.markup) {
                        case .patch(let patch): (option.key, .string(patch))
                        case .html(let html): (option.key, .object([("html", .string(html))]))
                        }
                    })
                return HTMLAttributes(
                    .custom("data-self-managed", key),
                    .custom("data-optimistic-options", String(decoding: table.encoded(), as: UTF8.self)))
            }
        }
    }

    /// The markup a root carries of `next`: the patch from `now`, or `next` whole when they differ in
    /// their elements.
    private static func markup(
        from now: UnsafeBufferPointer<UInt8>, to next: [UInt8]
    )
        -> OptimisticMarkup
    {
        next.withUnsafeBufferPointer { next in
            HTMLPatch.encoded(from: now, to: next)
                .map(OptimisticMarkup.patch) ?? .html(String(decoding: next, as: UTF8.self))
        }
    }

    private static func attribute(_ markup: OptimisticMarkup) -> HTMLAttribute {
        switch markup {
        case .patch(let patch): .custom("data-optimistic", patch)
        case .html(let html): .custom("data-optimistic-html", html)
        }
    }
}

/// Self-managed roots rendered before, kept whole by what each was rendered from (for a toggle: the
/// target, the presentation and the return path), so that a root shown again in the same state is a copy
/// of its bytes: its component, its optimistic state and their comparison are not made again. A render is
/// a pure function of those inputs, so what is kept is never stale. At most `limit` roots and `byteLimit`
/// bytes are kept, in two generations (`BoundedCache`): roots shown again stay, the rest age out; a root
/// over a sixty-fourth of the bytes is not kept.
package final class OptimisticMemo<Key: Hashable & Sendable>: Sendable {
    package let limit: Int
    package let byteLimit: Int
    private let kept: BoundedCache<Key, [UInt8]>?

    package init(limit: Int = 2048, byteLimit: Int = 2 << 20) {
        self.limit = max(0, limit)
        self.byteLimit = max(0, byteLimit)
        kept = limit > 0 ? BoundedCache(capacity: limit, byteCapacity: byteLimit, weigh: \.count) : nil
    }

    /// The root `key` showing `committed`, whose forms' optimistic states `perForm()` works out from its
    /// render: made, compared and rendered only when `inputs` were not rendered before (neither
    /// `committed` nor `perForm` is called for a root kept).
    func root(
        key: String, committed: () -> any HTMLComponent, by inputs: Key,
        perForm: () -> @Sendable (UnsafeBufferPointer<UInt8>) -> SelfManaged.PerForm
    ) -> SelfManaged {
        if let known = kept?.lookUp(inputs) {
            var root = SelfManaged(key: key, committed: KeptRoot(bytes: known), optimistic: nil)
            root.remembered = known
            return root
        }
        var root = SelfManaged(key: key, committed: committed(), perForm: perForm())
        if let kept {
            root.keep = { markup in kept.store(markup, for: inputs) }
        }
        return root
    }

    /// The roots kept.
    package var count: Int {
        kept?.statistics.count ?? 0
    }

    /// Reports the roots kept in `caches` as `name` (the memo outlives any one app: it is its definition's).
    package func report(in caches: Caches, as name: String) {
        if let kept {
            caches.report(kept, as: name)
        }
    }
}

/// A root kept whole (`OptimisticMemo`), its key and optimistic markup in it already: what a remembered
/// root holds as its component, which it never renders (it copies `remembered`).
private struct KeptRoot: HTMLComponent {
    let bytes: [UInt8]

    func render(into html: inout HTMLBuffer) {
        html.raw(HTMLRaw(bytes: bytes))
    }
}
