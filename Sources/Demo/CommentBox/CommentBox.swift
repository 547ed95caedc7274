import Basics
import Components
import HTML

/// A thread of comments with a composer under it: shows the comments, holds a draft, shows why a draft
/// was not kept, and sends the form wherever the caller says.
///
/// ```swift
/// CommentBox(elementID: "comments-p1", comments: [.init(author: "Ada", text: "Hi", time: .now())],
///            action: TapAction(path: "/log"))
/// ```
///
/// Renders a root `<section class="comment-box">` (with `aria-busy="true"` while busy) holding the
/// thread (`<ol>`, each comment's text in its own `dir="auto"` paragraph, so that any script and a stray
/// bidirectional override stay inside it), and a form with a labelled `<textarea name="text">` and a
/// Send button. While busy the field is read-only and the button disabled; an `error` is a
/// `role="alert"` paragraph the field names with `aria-describedby` (and `aria-invalid` when `invalid`).
/// Comments the browser holds already (`held`, in an answer to its send) are one placeholder holding
/// the last of them.
/// Knows nothing of posts or services: see `CommentBox+SelfManaged.swift` for the box that sends by itself.
public struct CommentBox: HTMLComponent {
    /// One comment as the box shows it.
    public struct Entry: Sendable {
        public var author: String
        /// The author's avatar, when they have one.
        public var avatar: (any HTMLComponent)?
        public var text: String
        /// When it was written; `nil` while it is being sent.
        public var time: Timestamp?
        /// Being sent: shown at once, marked `aria-busy`.
        public var sending: Bool
        /// The form field whose value the browser script puts in as this comment's text (`data-fill`),
        /// for a comment the server renders before it knows the text.
        public var fill: String?
        /// This entry's markup as `CommentBox.markup(of:)` rendered it earlier, shown as it is: a caller
        /// that shows the same comment on many renders (a thread) renders it once.
        public var markup: HTMLRaw?

        public init(
            author: String, avatar: (any HTMLComponent)? = nil, text: String, time: Timestamp?, sending: Bool = false,
            fill: String? = nil
        ) {
            self.author = author
            self.avatar = avatar
            self.text = text
            self.time = time
            self.sending = sending
            self.fill = fill
        }

        /// An entry shown as `markup`, which `CommentBox.markup(of:)` rendered from an entry.
        public init(markup: HTMLRaw, of entry: Entry) {
            self = entry
            self.markup = markup
        }

        /// A committed comment shown as `markup` alone, which `CommentBox.markup(of:)` rendered from its
        /// entry earlier: what a thread shown again needs of each comment it kept (nothing else is read).
        public init(committed markup: HTMLRaw) {
            self.init(author: "", text: "", time: Timestamp(millisecondsSince1970: 0))
            self.markup = markup
        }
    }

    /// `entry`'s markup, as a box shows it in its thread: to be kept and given back as `Entry.markup`.
    public static func markup(of entry: Entry) -> HTMLRaw {
        var html = HTMLBuffer()
        write(entry, into: &html)
        return HTMLRaw(bytes: html.bytes)
    }

    /// Comments shown before `comments` that the browser holds already (an answer to its send): written
    /// as one `HTMLBuffer.keptByClient` placeholder holding the last of them, which the browser script
    /// replaces with its own.
    public struct Held: Sendable {
        /// How many.
        public var count: Int
        /// The last of them, as the thread shows it.
        public var last: Entry

        public init(count: Int, last: Entry) {
            self.count = count
            self.last = last
        }
    }

    /// The root's id; the field, its label and the error take ids from it.
    public var elementID: String
    public var comments: [Entry]
    /// The comments before `comments` that the browser holds, when it holds some.
    public var held: Held?
    public var draft: String
    public var error: String?
    /// The draft was refused as it is: the field is `aria-invalid`.
    public var invalid: Bool
    /// A send is in flight.
    public var busy: Bool
    /// The field takes focus when the box is shown (`autofocus`): after a send that was not kept.
    public var focused: Bool
    public var action: TapAction

    public init(
        elementID: String, comments: [Entry], held: Held? = nil, draft: String = "", error: String? = nil,
        invalid: Bool = false, busy: Bool = false, focused: Bool = false, action: TapAction
    ) {
        self.elementID = elementID
        self.comments = comments
        self.held = held
        self.draft = draft
        self.error = error
        self.invalid = invalid
        self.busy = busy
        self.focused = focused
        self.action = action
    }

    public func render(into html: inout HTMLBuffer) {
        let fieldID = elementID + "-text"
        let errorID = elementID + "-error"
        html.element(
            .section, .class("comment-box"), .id(elementID), .ariaBusy(busy)
        ) { html in
            let committed = (held?.count ?? 0) + comments.count - comments.count(where: \.sending)
            let sending = comments.contains(where: \.sending)
            html.element(.h2, .class("comment-heading"), text: committed == 1 ? "1 comment" : "\(committed) comments")
            if committed == 0 {
                html.element(.p, .class("comment-empty"), .when(sending, .hidden), text: "No comments yet.")
            }
            html.element(.ol, .class("comment-list")) { html in
                if let held {
                    html.keptByClient(held.count) { Self.write(held.last, into: &$0) }
                }
                for comment in comments {
                    Self.write(comment, into: &html)
                }
                if !sending {
                    // The place of a comment being sent, hidden: showing one changes attributes and text
                    // only, so the optimistic state is a small patch, not a second copy of the thread.
                    Self.write(Entry(author: "You", text: "", time: nil, sending: true), hidden: true, into: &html)
                }
            }
            action.renderForm(class: "comment-form", into: &html) { html in
                html.element(.label, .class("comment-label"), .for(fieldID), text: "Add a comment")
                html.element(
                    .textarea,
                    [
                        .id(fieldID), .class("comment-field"), .name(CommentDefinition.textField), .rows(3), .dirAuto,
                        .when(busy, .readonly), .when(invalid, .ariaInvalid),
                        .when(error != nil, .ariaDescribedBy(errorID)), .when(focused, .autofocus),
                    ]
                ) { html in
                    let shown = CommentDraft.displayable(draft)
                    // The parser drops one line break right after <textarea>: give it one to drop.
                    if shown.hasPrefix("\n") { html.text("\n") }
                    html.text(shown)
                }
                if let error {
                    html.element(.p, .class("comment-error"), .id(errorID), .role("alert"), text: error)
                }
                html.element(
                    .button, .type(.submit), .class("comment-send"), .when(busy, .disabled),
                    text: busy ? "Sending…" : "Send")
            }
        }
    }

    private static func write(_ comment: Entry, hidden: Bool = false, into html: inout HTMLBuffer) {
        if let markup = comment.markup, !hidden {
            html.raw(markup)
            return
        }
        html.element(
            .li,
            [
                .class(comment.sending ? "comment comment--sending" : "comment"), .ariaBusy(comment.sending && !hidden),
                .when(hidden, .hidden),
            ]
        ) { html in
            if let avatar = comment.avatar {
                html.render(avatar)
            } else {
                html.element(.span, .class("comment-avatar-placeholder"), .ariaHidden, text: "")
            }
            html.element(.div, .class("comment-main")) { html in
                html.element(.p, .class("comment-meta")) { html in
                    html.element(.span, .class("comment-author"), text: comment.author)
                    html.text(" ")
                    if let time = comment.time {
                        let iso = time.iso8601
                        html.element(.time, .datetime(iso), text: Self.shown(iso: iso))
                    } else {
                        html.element(.span, .class("comment-status"), text: "Sending…")
                    }
                }
                html.element(
                    .p, .class("comment-text"), .dirAuto, comment.fill.map { .custom("data-fill", $0) },
                    text: comment.text)
            }
        }
    }

    /// `2026-11-30 09:15 UTC`, from `2026-11-30T09:15:00.000Z`.
    static func shown(iso: String) -> String {
        // On the bytes: the date, the hour and minute, then the zone (taking substrings by `Character` cost
        // more than the rest of a comment's markup).
        var bytesOf = iso
        return bytesOf.withUTF8 { bytes in
            guard bytes.count >= 16 else { return iso + " UTC" }
            return String(unsafeUninitializedCapacity: 20) { shown in
                _ = shown.initialize(fromContentsOf: bytes[0..<10])
                shown[10] = UInt8(ascii: " ")
                _ = UnsafeMutableBufferPointer(rebasing: shown[11..<16]).initialize(fromContentsOf: bytes[11..<16])
                _ = UnsafeMutableBufferPointer(rebasing: shown[16..<20]).initialize(fromContentsOf: " UTC".utf8)
                return 20
            }
        }
    }
}
