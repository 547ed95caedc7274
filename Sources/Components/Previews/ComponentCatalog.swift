/// The one registry of previewable components. The gallery, the catalogue, the fragment endpoints and the
/// `render` command all read it; adding a component here is all it takes to show it.
public enum ComponentCatalog {
    public static let all: [ComponentPreview] = [
        AvatarView.preview,
        LikeButton.preview,
        FollowButton.preview,
    ]

    public static func named(_ name: String) -> ComponentPreview? {
        all.first { $0.name == name }
    }
}
