import Components

/// The demo: five self-managed components (an avatar, a like button, a follow button, a comment box, a star
/// rating) and the pages
/// that place them (a feed, posts, profiles), over `Fixtures`. An app registers it, or leaves it out.
///
/// ```swift
/// let app = try Application(options: options) { context in Demo.modules(context) }
/// ```
public enum Demo {
    /// The demo's modules: each component registered in one line, as a package of your own registers
    /// its components, and the pages.
    public static func modules(_ context: ComponentContext, fixtures: Fixtures = .demo) -> [any ComponentModule] {
        let likes = LikeButton.module(context, baseCounts: fixtures.likeCounts)
        let follows = FollowButton.module(context, baseCounts: fixtures.followerCounts)
        let comments = CommentBox.module(context, fixtures: fixtures)
        let ratings = StarRating.module(context, fixtures: fixtures)
        return [
            AvatarView.module(context, navigator: AppNavigator(fixtures: fixtures)),
            likes,
            follows,
            comments,
            ratings,
            DemoPages(
                context, fixtures: fixtures, likes: likes.store, follows: follows.store, comments: comments.store,
                commentBox: comments.definition, ratings: ratings.store),
            // new-component: registrations above this line
        ]
    }
}
