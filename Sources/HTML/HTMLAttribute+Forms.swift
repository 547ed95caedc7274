extension HTMLAttribute {
    /// `name="…"`: the field name a form submits.
    /// - Parameters:
    ///   - value: The field name.
    @inlinable
    public static func name(_ value: String) -> HTMLAttribute {
        HTMLAttribute("name", .text(value))
    }

    /// `value="…"`
    /// - Parameters:
    ///   - value: The field's value.
    @inlinable
    public static func value(_ value: String) -> HTMLAttribute {
        HTMLAttribute("value", .text(value))
    }

    /// `action="…"`: the URL a form submits to.
    /// - Parameters:
    ///   - url: The target URL.
    @inlinable
    public static func action(_ url: String) -> HTMLAttribute {
        HTMLAttribute("action", .text(url))
    }

    /// `method="get"` or `method="post"` on a form.
    /// ```swift
    /// html.element(.form, .method(.post), .action("/posts/7/like")) { html in ... }
    /// ```
    /// - Parameters:
    ///   - method: The HTTP method.
    @inlinable
    public static func method(_ method: FormMethod) -> HTMLAttribute {
        HTMLAttribute("method", .constant(method == .post ? "post" : "get"))
    }

    /// `type="…"` on an `<input>` or a `<button>`.
    /// - Parameters:
    ///   - type: The control type.
    @inlinable
    public static func type(_ type: InputType) -> HTMLAttribute {
        let value: StaticString =
            switch type {
            case .submit: "submit"
            case .button: "button"
            case .hidden: "hidden"
            case .text: "text"
            case .number: "number"
            case .checkbox: "checkbox"
            case .search: "search"
            case .url: "url"
            case .range: "range"
            }
        return HTMLAttribute("type", .constant(value))
    }

    /// `for="…"` on a `<label>` or an `<output>`.
    /// - Parameters:
    ///   - id: The id of the labelled control.
    @inlinable
    public static func `for`(_ id: String) -> HTMLAttribute {
        HTMLAttribute("for", .text(id))
    }

    /// `placeholder="…"`
    /// - Parameters:
    ///   - value: The hint shown while the field is empty.
    @inlinable
    public static func placeholder(_ value: String) -> HTMLAttribute {
        HTMLAttribute("placeholder", .text(value))
    }

    /// `min="…"`
    /// - Parameters:
    ///   - value: The smallest allowed number.
    @inlinable
    public static func min(_ value: Int) -> HTMLAttribute {
        HTMLAttribute("min", .integer(value))
    }

    /// `max="…"`
    /// - Parameters:
    ///   - value: The largest allowed number.
    @inlinable
    public static func max(_ value: Int) -> HTMLAttribute {
        HTMLAttribute("max", .integer(value))
    }

    /// `step="…"`
    /// - Parameters:
    ///   - value: The granularity, such as `1`, `0.5` or `any`.
    @inlinable
    public static func step(_ value: String) -> HTMLAttribute {
        HTMLAttribute("step", .text(value))
    }

    /// The boolean attribute `disabled`.
    @inlinable
    public static var disabled: HTMLAttribute {
        HTMLAttribute("disabled", .flag)
    }

    /// The boolean attribute `checked`.
    @inlinable
    public static var checked: HTMLAttribute {
        HTMLAttribute("checked", .flag)
    }

    /// The boolean attribute `selected`.
    @inlinable
    public static var selected: HTMLAttribute {
        HTMLAttribute("selected", .flag)
    }

    /// The boolean attribute `required`.
    @inlinable
    public static var required: HTMLAttribute {
        HTMLAttribute("required", .flag)
    }

    /// The boolean attribute `readonly`: the field shows its value but takes no typing.
    @inlinable
    public static var readonly: HTMLAttribute {
        HTMLAttribute("readonly", .flag)
    }

    /// The boolean attribute `autofocus`: the field has focus when the page loads.
    @inlinable
    public static var autofocus: HTMLAttribute {
        HTMLAttribute("autofocus", .flag)
    }

    /// `rows="…"`: a text area's visible lines.
    @inlinable
    public static func rows(_ lines: Int) -> HTMLAttribute {
        HTMLAttribute("rows", .integer(lines))
    }
}
