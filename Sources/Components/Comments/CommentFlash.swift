/// What a comment box shows once, on the next render after a send without script that did not commit:
/// the text as it was sent, and why it was not kept.
public struct CommentFlash: Sendable, Equatable {
    public var text: String
    public var message: String
    /// The text was refused (a `422`), not lost by the service.
    public var invalid: Bool

    public init(text: String, message: String, invalid: Bool) {
        self.text = text
        self.message = message
        self.invalid = invalid
    }
}
