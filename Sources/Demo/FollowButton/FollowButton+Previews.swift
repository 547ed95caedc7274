import Components

/// The follow button's previews: its parameters, the variants worth looking at, and its tap.
extension FollowButton {
    /// The catalogue entry, under the name and title of the component's definition (said once, there).
    public static let preview = declaredPreview.named(toggle.name, title: toggle.title)

    private static let declaredPreview = ComponentPreview(
        summary:
            "Follows or unfollows a person; tapped, it changes at once, saves through the follow service, and rolls back exactly on failure.",
        parameters: [
            PreviewParameter("uid", .text, default: "ada", "The person it follows."),
            PreviewParameter("following", .boolean, default: "false", "Whether the viewer follows them."),
            PreviewParameter("followers", .integer(minimum: 0), default: "1234", "The followers shown."),
            PreviewParameter(
                "return_to", .localPath, default: "", "Where a tap without script returns (a local path)."),
            PreviewParameter("busy", .boolean, default: "false", "A tap is in flight (aria-busy)."),
            PreviewParameter("animated", .boolean, default: "false", "Play the follow animation."),
            PreviewParameter("message", .text, default: "", "An error to announce (role=alert); empty for none."),
        ],
        variants: [
            PreviewVariant("Not following", [("uid", "linus"), ("following", "false"), ("followers", "0")]),
            PreviewVariant("Following", [("uid", "ada"), ("following", "true"), ("followers", "1")]),
            PreviewVariant(
                "Tap in flight", [("uid", "grace"), ("following", "true"), ("followers", "57"), ("busy", "true")]),
            PreviewVariant(
                "Failed, rolled back",
                [("uid", "margaret"), ("following", "false"), ("followers", "3141"), ("message", failureMessage)]),
            PreviewVariant("Large counts", [("uid", "tim"), ("following", "false"), ("followers", "2500000000")]),
            PreviewVariant(
                "Just followed", [("uid", "nova"), ("following", "true"), ("followers", "12"), ("animated", "true")]),
        ],
        actions: [
            FollowButton.toggle.previewAction(
                summary:
                    "Follows or unfollows a person: 303 to return_to (or their profile); 404 for an unknown user, 403 for the user themselves, 400 for bad fields.",
                exampleBody: "uid=ada&following=true&return_to=/users/ada")
        ],
        instance: { $0["uid"] },
        handlerFile: FollowButton.handlerFile,
        make: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                return FollowButton.selfManaged(
                    uid: values["uid"], following: values.bool("following"), followers: values.int("followers"),
                    returnTo: values.optional("return_to"), busy: values.bool("busy"),
                    animated: values.bool("animated"), message: values.optional("message"))
            case .plain:
                return FollowButton(
                    following: values.bool("following"), followers: values.int("followers"),
                    animated: values.bool("animated"), busy: values.bool("busy"), message: values.optional("message"),
                    action: plainAction)
            }
        },
        swift: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                SwiftCall("FollowButton.selfManaged").string("uid", values["uid"])
                    .bool("following", values.bool("following")).int("followers", values.int("followers"))
                    .string("returnTo", values.optional("return_to"))
                    .bool("busy", values.bool("busy"), omittedWhen: false)
                    .bool("animated", values.bool("animated"), omittedWhen: false)
                    .string("message", values.optional("message"))
            case .plain:
                SwiftCall("FollowButton").bool("following", values.bool("following"))
                    .int("followers", values.int("followers"))
                    .bool("animated", values.bool("animated"), omittedWhen: false)
                    .bool("busy", values.bool("busy"), omittedWhen: false).string("message", values.optional("message"))
                    .action("action", plainAction)
            }
        }
    )
}
