extension HTMLAttribute {
    /// `aria-label="…"`: the accessible name when no visible text provides one.
    /// - Parameters:
    ///   - value: The accessible name.
    @inlinable
    public static func ariaLabel(_ value: String) -> HTMLAttribute {
        HTMLAttribute("aria-label", .text(value))
    }

    /// `aria-pressed="true"` or `aria-pressed="false"` on a toggle button.
    /// - Parameters:
    ///   - pressed: Whether the toggle is on.
    @inlinable
    public static func ariaPressed(_ pressed: Bool) -> HTMLAttribute {
        HTMLAttribute("aria-pressed", .constant(pressed ? "true" : "false"))
    }

    /// `aria-busy="true"` while a region is updating; omitted entirely when not busy.
    /// - Parameters:
    ///   - busy: Whether the region is updating.
    @inlinable
    public static func ariaBusy(_ busy: Bool) -> HTMLAttribute {
        HTMLAttribute("aria-busy", busy ? .constant("true") : .omitted)
    }

    /// `aria-live="…"`: marks a region whose changes are announced.
    /// - Parameters:
    ///   - politeness: How eagerly changes are announced.
    @inlinable
    public static func ariaLive(_ politeness: AriaLive) -> HTMLAttribute {
        let value: StaticString =
            switch politeness {
            case .polite: "polite"
            case .assertive: "assertive"
            case .off: "off"
            }
        return HTMLAttribute("aria-live", .constant(value))
    }

    /// `aria-hidden="true"`: hides decorative content from assistive technology.
    @inlinable
    public static var ariaHidden: HTMLAttribute {
        HTMLAttribute("aria-hidden", .constant("true"))
    }

    /// `aria-describedby="…"`
    /// - Parameters:
    ///   - ids: The space-separated ids of the elements that describe this one.
    @inlinable
    public static func ariaDescribedBy(_ ids: String) -> HTMLAttribute {
        HTMLAttribute("aria-describedby", .text(ids))
    }

    /// `aria-current="…"`: marks the current item in a set, such as the page in a navigation.
    /// - Parameters:
    ///   - value: `page`, `step`, `location`, `date`, `time` or `true`.
    @inlinable
    public static func ariaCurrent(_ value: String) -> HTMLAttribute {
        HTMLAttribute("aria-current", .text(value))
    }

    /// `aria-invalid="true"`: the field's value was refused (name the reason with `ariaDescribedBy`).
    @inlinable
    public static var ariaInvalid: HTMLAttribute {
        HTMLAttribute("aria-invalid", .constant("true"))
    }
}
