/// What a comment box shows once, on the next render after a send without script that did not commit:
/// the text as it was sent, and why it was not kept.
package struct CommentFlash: Sendable, Equatable {
    package var text: String
    package var message: String
    /// The text was refused (a `422`), not lost by the service.
    package var invalid: Bool

    package init(text: String, message: String, invalid: Bool) {
        self.text = text
        self.message = message
        self.invalid = invalid
    }
}
