import Components
import HTML

/// A five-star rating: the viewer's stars, the average to one decimal and how many ratings there are;
/// each star a button in its own form, whose tap goes wherever the caller says.
///
/// ```swift
/// StarRating(elementID: "rating-p1", stars: 0, average: 4.2, count: 12) { stars in TapAction(path: "/log") }
/// ```
///
/// Renders a root `<div class="rating">` (`aria-busy="true"` while busy) holding a group of five forms,
/// each a `<button type="submit" aria-pressed>` (pressed up to the viewer's stars), then the average and
/// the count, and a `message` in a `role="alert"` paragraph. Knows nothing of posts or services: see
/// `StarRating+SelfManaged.swift` for the rating that rates by itself.
public struct StarRating: HTMLComponent {
    public var elementID: String?
    /// The viewer's stars, 1 to 5; 0 when they have not rated.
    public var stars: Int
    public var average: Double
    public var count: Int
    /// A tap is in flight; what is shown is its optimistic state.
    public var busy: Bool
    /// An error to announce, such as a rating that could not be saved.
    public var message: String?
    /// The form a tap on star `n` (1 to 5) posts.
    public var action: @Sendable (_ star: Int) -> TapAction

    public init(
        elementID: String? = nil, stars: Int, average: Double, count: Int, busy: Bool = false, message: String? = nil,
        action: @escaping @Sendable (_ star: Int) -> TapAction
    ) {
        self.elementID = elementID
        self.stars = stars
        self.average = average
        self.count = count
        self.busy = busy
        self.message = message
        self.action = action
    }

    public func render(into html: inout HTMLBuffer) {
        html.element(.div, .class("rating"), elementID.map(HTMLAttribute.id), .ariaBusy(busy)) { html in
            html.element(.span, .class("rating-stars"), .role("group"), .ariaLabel("Your rating")) { html in
                for star in 1...5 {
                    action(star).renderForm(class: "rating-star", into: &html) { html in
                        html.element(
                            .button, .type(.submit), .ariaPressed(star <= stars),
                            .ariaLabel(star == 1 ? "1 star" : "\(star) stars"), text: "★")
                    }
                }
            }
            html.element(.span, .class("rating-summary")) { html in
                html.element(.span, .class("rating-average"), text: count == 0 ? "–" : String(average))
                html.element(.span, .class("rating-count"), text: count == 1 ? "1 rating" : "\(count) ratings")
            }
            if let message {
                html.element(.p, .class("rating-error"), .role("alert"), text: message)
            }
        }
    }
}
