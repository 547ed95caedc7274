import Basics
import Components

/// The comment box's previews: its parameters, the variants worth looking at, and its send.
extension CommentBox {
    /// The catalogue entry, under the name and title of the component's definition (said once, there).
    public static let preview = declaredPreview.named(comments.name, title: comments.title)

    private static let declaredPreview = ComponentPreview(
        summary:
            "A post's comments with a composer: a send shows at once, saves through the comment service, and on failure keeps exactly the text that was sent.",
        parameters: [
            PreviewParameter("post", .text, default: "p9", "The post commented on; the root's id is comments-{post}."),
            PreviewParameter("comments", .integer(minimum: 0), default: "3", "How many sample comments (at most 20)."),
            PreviewParameter(
                "sample", .choice(Sample.allCases.map(\.rawValue)), default: Sample.ordinary.rawValue,
                "Which sample texts: ordinary, one unbroken 300-character word, or hostile markup and a bidi override."),
            PreviewParameter("draft", .text, default: "", "The text in the composer."),
            PreviewParameter("error", .text, default: "", "Why the draft was not kept (role=alert)."),
            PreviewParameter("invalid", .boolean, default: "false", "The draft was refused as it is (aria-invalid)."),
            PreviewParameter(
                "busy", .boolean, default: "false", "The draft is being sent: shown at the end, marked busy."),
            PreviewParameter(
                "return_to", .localPath, default: "", "Where a send without script returns (a local path)."),
        ],
        variants: [
            // Each variant shows its own post, so that element ids stay unique on the gallery page.
            PreviewVariant("Empty", [("post", "p4"), ("comments", "0")]),
            PreviewVariant("Three comments", [("post", "p1"), ("comments", "3")]),
            PreviewVariant("Sending", [("post", "p2"), ("comments", "2"), ("draft", "On its way."), ("busy", "true")]),
            PreviewVariant(
                "Failed, the text kept",
                [
                    ("post", "p6"), ("comments", "2"), ("draft", "Kept, exactly as it was sent."),
                    ("error", failureMessage),
                ]),
            PreviewVariant(
                "Invalid, with its message",
                [
                    ("post", "p7"), ("comments", "1"), ("draft", " "),
                    ("error", CommentDraft.problem(with: " ") ?? ""), ("invalid", "true"),
                ]),
            PreviewVariant("A long unbroken word", [("post", "p8"), ("comments", "1"), ("sample", "longWord")]),
            PreviewVariant("Hostile text", [("post", "p3"), ("comments", "3"), ("sample", "hostile")]),
        ],
        actions: [
            CommentBox.comments.previewAction(
                summary:
                    "Sends a comment: 303 to return_to (or the post); 422 for invalid text, 404 for an unknown post, 409 for a full thread.",
                exampleBody: "post=p1&text=Well+said.&key=k0123456789abcdef&return_to=/posts/p1")
        ],
        instance: { $0["post"] },
        handlerFile: CommentBox.handlerFile,
        make: { values, configuration, plainAction in
            let sample = Sample(rawValue: values["sample"]) ?? .ordinary
            switch configuration {
            case .selfManaged:
                return selfManaged(
                    post: values["post"], comments: values.int("comments"), sample: sample, draft: values["draft"],
                    error: values.optional("error"), invalid: values.bool("invalid"), busy: values.bool("busy"),
                    returnTo: values.optional("return_to"))
            case .plain:
                let busy = values.bool("busy")
                return CommentBox(
                    elementID: elementID(forPost: values["post"]),
                    comments: sampleEntries(
                        values.int("comments"), sample: sample, sending: busy ? values["draft"] : nil),
                    draft: busy ? "" : values["draft"], error: values.optional("error"),
                    invalid: values.bool("invalid"),
                    busy: busy, action: plainAction)
            }
        },
        swift: { values, configuration, plainAction in
            let sample = Sample(rawValue: values["sample"]) ?? .ordinary
            switch configuration {
            case .selfManaged:
                return SwiftCall("CommentBox.selfManaged").string("post", values["post"])
                    .int("comments", values.int("comments"))
                    .member("sample", sample.rawValue, omittedWhen: Sample.ordinary.rawValue)
                    .string("draft", values.optional("draft"))
                    .string("error", values.optional("error"))
                    .bool("invalid", values.bool("invalid"), omittedWhen: false)
                    .bool("busy", values.bool("busy"), omittedWhen: false)
                    .string("returnTo", values.optional("return_to"))
            case .plain:
                let busy = values.bool("busy")
                var entries = "CommentBox.sampleEntries(\(values.int("comments"))"
                if sample != .ordinary { entries += ", sample: .\(sample.rawValue)" }
                if busy { entries += ", sending: " + SwiftCall.literal(values["draft"]) }
                return SwiftCall("CommentBox").string("elementID", elementID(forPost: values["post"]))
                    .argument("comments", source: entries + ")")
                    .string("draft", busy ? nil : values.optional("draft"))
                    .string("error", values.optional("error"))
                    .bool("invalid", values.bool("invalid"), omittedWhen: false)
                    .bool("busy", busy, omittedWhen: false).action("action", plainAction)
            }
        }
    )

    /// The sample texts a preview picks from.
    public enum Sample: String, Sendable, CaseIterable {
        /// Ordinary sentences.
        case ordinary
        /// One unbroken 300-character word, which must wrap.
        case longWord
        /// Markup, a bidirectional override and quotes, which must stay text.
        case hostile
    }

    /// `count` sample comments as the plain box takes them, by the demo users, and `sending` (when given)
    /// as a comment being sent.
    public static func sampleEntries(_ count: Int, sample: Sample = .ordinary, sending: String? = nil) -> [Entry] {
        var thread = CommentThread(comments: sampleComments(count, sample: sample))
        if let sending {
            thread.sending = Comment(
                id: 0, author: previewViewer, text: sending, at: Timestamp(millisecondsSince1970: 0))
        }
        return CommentAuthors(users: Fixtures.demo.users).entries(thread, fillingSendingText: false)
    }

    /// `count` sample comments (at most 20) by the demo users: ordinary ones, a 300-character word, or
    /// hostile text (markup, a bidirectional override).
    public static func sampleComments(_ count: Int, sample: Sample = .ordinary) -> [Comment] {
        let texts: [String] =
            switch sample {
            case .longWord: [String(repeating: "unbroken", count: 37) + "word", "A short one after it."]
            case .hostile:
                [
                    "<script>alert('not run')</script> & <b>not bold</b>",
                    "\u{202E}This text is reversed by an override, and stays in its paragraph.",
                    #"<img src=x onerror="alert(1)"> "quoted" & 'single'"#,
                ]
            default:
                [
                    "A loom for numbers: I can see it.", "And the first program came with it.",
                    "Show me the punched cards.",
                ]
            }
        let users = Fixtures.demo.users
        return (0..<min(max(0, count), 20)).map { index in
            Comment(
                id: index + 1, author: Viewer(id: users[index % users.count].uid) ?? .anonymous,
                text: texts[index % texts.count],
                at: Timestamp(millisecondsSince1970: 1_796_029_200_000 + index * 420_000))
        }
    }

    /// A self-managed box for `post` showing `comments` sample comments (as the gallery previews it),
    /// with the composer holding `draft`.
    ///
    /// - Parameters:
    ///   - busy: `draft` is being sent: it is shown at the end of the thread, the composer empty and
    ///     read-only.
    ///   - error: Why the draft was not kept; `invalid` when it was refused as it is.
    public static func selfManaged(
        post: String, comments: Int, sample: Sample = .ordinary, draft: String? = nil, error: String? = nil,
        invalid: Bool = false, busy: Bool = false, returnTo: String? = nil
    ) -> SelfManaged {
        let shown = presentation(
            sampleComments(comments, sample: sample), draft: draft ?? "", error: error, invalid: invalid, busy: busy,
            key: "k-preview")
        return CommentBox.comments.selfManaged(post, shown: shown, returnTo: returnTo)
    }

    /// Who a preview's comment being sent is by.
    static let previewViewer = Viewer(id: "preview") ?? .anonymous

    private static func presentation(
        _ comments: [Comment], draft: String, error: String?, invalid: Bool, busy: Bool, key: String
    ) -> CommentDefinition.Presentation {
        var thread = CommentThread(comments: comments)
        if busy {
            thread.sending = Comment(id: 0, author: previewViewer, text: draft, at: Timestamp(millisecondsSince1970: 0))
        }
        return CommentDefinition.Presentation(
            thread: thread, busy: busy, draft: busy ? "" : draft, error: error, invalid: invalid, key: key)
    }
}
