import HTML

/// The page's own alert for a tap that never got an answer (the connection dropped, or it timed out):
/// hidden until the kit's browser script, having put the component back exactly as it was, shows it as a
/// `role="alert"`. Its text is the page's, not a component's: every component's own failure text comes in
/// its answers.
struct TapAlert: HTMLComponent {
    static let id = "tap-alert"
    static let message = "The server couldn't be reached, so your tap was undone. Please try again."

    func render(into html: inout HTMLBuffer) {
        html.element(.p, .class("tap-alert"), .id(Self.id), .hidden, text: Self.message)
    }
}
