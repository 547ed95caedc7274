import Components

/// The avatar's previews: its parameters, the variants worth looking at, and its tap.
extension AvatarView {
    /// The catalogue entry, under the name and title of the component's definition (said once, there).
    public static let preview = declaredPreview.named(navigation.name, title: navigation.title)

    private static let declaredPreview = ComponentPreview(
        summary: "Shows a person's picture and VIP badge; tapped, it opens their profile by itself.",
        parameters: [
            PreviewParameter(
                "uid", .text, default: "ada", "Whose avatar it is; the self-managed tap opens this profile."),
            PreviewParameter(
                "name", .text, default: "Ada Lovelace", "The display name: the picture's accessible name."),
            PreviewParameter(
                "image", .imageURL, default: "/public/avatars/ada.svg",
                "The picture: http(s), a /path or data:image; empty shows the placeholder."),
            PreviewParameter(
                "vip", .choice(VIPStatus.allCases.map(\.rawValue)), default: "verified",
                "The badge: none, or verified (the 大V mark)."),
            PreviewParameter("size", .choice(Size.allCases.map(\.rawValue)), default: "regular", "48 px or 96 px."),
        ],
        variants: [
            PreviewVariant("VIP", []),
            PreviewVariant(
                "Not VIP",
                [("uid", "linus"), ("name", "Linus"), ("image", "/public/avatars/linus.svg"), ("vip", "none")]),
            PreviewVariant("No image", [("uid", "nova"), ("name", "Nova"), ("image", ""), ("vip", "none")]),
            PreviewVariant(
                "Hostile name",
                [
                    ("uid", "tim"), ("name", #"Tim "TBL" <Berners-Lee> & Co's"#), ("image", "/public/avatars/tim.svg"),
                    ("vip", "none"),
                ]),
            PreviewVariant(
                "Large",
                [("uid", "grace"), ("name", "Grace Hopper"), ("image", "/public/avatars/grace.svg"), ("size", "large")]),
        ],
        actions: [
            AvatarView.navigation.previewAction(
                summary: "Opens the user's profile: 303 to /users/{uid}; 400 without uid, 404 for an unknown user.",
                exampleBody: "uid=ada")
        ],
        instance: { $0["uid"] },
        handlerFile: AvatarView.handlerFile,
        make: { values, configuration, plainAction in
            let vip = VIPStatus(rawValue: values["vip"]) ?? .none
            let size = Size(rawValue: values["size"]) ?? .regular
            switch configuration {
            case .selfManaged:
                return AvatarView.selfManaged(
                    imageURL: values.optional("image"), vip: vip, uid: values["uid"], displayName: values["name"],
                    size: size)
            case .plain:
                return AvatarView(
                    imageURL: values.optional("image"), vip: vip, displayName: values["name"], size: size,
                    action: plainAction)
            }
        },
        swift: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                SwiftCall("AvatarView.selfManaged").optionalString("imageURL", values.optional("image"))
                    .member("vip", values["vip"]).string("uid", values["uid"]).string("displayName", values["name"])
                    .member("size", values["size"], omittedWhen: Size.regular.rawValue)
            case .plain:
                SwiftCall("AvatarView").optionalString("imageURL", values.optional("image"))
                    .member("vip", values["vip"]).string("displayName", values["name"])
                    .member("size", values["size"], omittedWhen: Size.regular.rawValue).action("action", plainAction)
            }
        }
    )
}
