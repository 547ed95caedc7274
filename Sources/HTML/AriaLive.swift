/// How eagerly assistive technology announces changes to a live region, for ``HTMLAttribute/ariaLive(_:)``.
public enum AriaLive: Sendable, Hashable {
    /// `aria-live="polite"`: announced when the user is idle.
    case polite
    /// `aria-live="assertive"`: announced immediately.
    case assertive
    /// `aria-live="off"`: not announced.
    case off
}
