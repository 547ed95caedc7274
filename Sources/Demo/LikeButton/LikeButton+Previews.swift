import Components

/// The like button's previews: its parameters, the variants worth looking at, and its tap.
extension LikeButton {
    /// The catalogue entry, under the name and title of the component's definition (said once, there).
    public static let preview = declaredPreview.named(toggle.name, title: toggle.title)

    private static let declaredPreview = ComponentPreview(
        summary:
            "Shows the like count; tapped, it changes at once, saves through the like service, and rolls back exactly on failure.",
        parameters: [
            PreviewParameter("post", .text, default: "p1", "The post it likes; the root element's id is like-{post}."),
            PreviewParameter("liked", .boolean, default: "false", "Whether the viewer likes the post."),
            PreviewParameter("count", .integer(minimum: 0), default: "12345", "The likes shown."),
            PreviewParameter(
                "return_to", .localPath, default: "", "Where a tap without script returns (a local path)."),
            PreviewParameter("busy", .boolean, default: "false", "A tap is in flight (aria-busy)."),
            PreviewParameter("animated", .boolean, default: "false", "Play the like animation."),
        ],
        variants: [
            // Each variant shows its own post, so that element ids stay unique on the gallery page.
            PreviewVariant("Unliked, 0 likes", [("post", "p4"), ("liked", "false"), ("count", "0")]),
            PreviewVariant("Liked, 999 likes", [("post", "p3"), ("liked", "true"), ("count", "999")]),
            PreviewVariant("Unliked, 12,345 likes", [("post", "p8"), ("liked", "false"), ("count", "12345")]),
            PreviewVariant("Liked, 1,234,567 likes", [("post", "p2"), ("liked", "true"), ("count", "1234567")]),
            PreviewVariant("Tap in flight", [("post", "p5"), ("liked", "true"), ("count", "1000"), ("busy", "true")]),
            PreviewVariant("Just liked", [("post", "p6"), ("liked", "true"), ("count", "43"), ("animated", "true")]),
        ],
        actions: [
            LikeButton.toggle.previewAction(
                summary:
                    "Likes or unlikes a post: 303 to return_to (or /feed); 404 for an unknown post, 400 for bad fields.",
                exampleBody: "post=p1&liked=true&return_to=/feed")
        ],
        instance: { $0["post"] },
        handlerFile: LikeButton.handlerFile,
        make: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                return LikeButton.selfManaged(
                    post: values["post"], liked: values.bool("liked"), count: values.int("count"),
                    returnTo: values.optional("return_to"), busy: values.bool("busy"), animated: values.bool("animated")
                )
            case .plain:
                return LikeButton(
                    elementID: LikeButton.elementID(forPost: values["post"]), liked: values.bool("liked"),
                    count: values.int("count"), animated: values.bool("animated"), busy: values.bool("busy"),
                    action: plainAction)
            }
        },
        swift: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                SwiftCall("LikeButton.selfManaged").string("post", values["post"]).bool("liked", values.bool("liked"))
                    .int("count", values.int("count")).string("returnTo", values.optional("return_to"))
                    .bool("busy", values.bool("busy"), omittedWhen: false)
                    .bool("animated", values.bool("animated"), omittedWhen: false)
            case .plain:
                SwiftCall("LikeButton").string("elementID", LikeButton.elementID(forPost: values["post"]))
                    .bool("liked", values.bool("liked")).int("count", values.int("count"))
                    .bool("animated", values.bool("animated"), omittedWhen: false)
                    .bool("busy", values.bool("busy"), omittedWhen: false).action("action", plainAction)
            }
        }
    )
}
