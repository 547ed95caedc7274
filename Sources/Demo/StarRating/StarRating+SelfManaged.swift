import Components
import HTML
import HTTPCore

/// The self-managed star rating: configured with a post, it rates by itself. A tap on a star shows the
/// new stars and average at once, saves through the rating service, and on failure returns to exactly the
/// state before; a tap on the viewer's own rating takes it back.
///
/// The tap is `POST /components/rating/rate` with `post`, `stars` (1 to 5, or 0 to clear) and optional
/// `return_to` (anything but a local path falls back to the post's page): a declaration on the kit's
/// choice kind (`ChoiceDefinition`), whose routes, state and answers the kit derives.
extension StarRating {
    /// This file, which holds the handler of the component's own tap (the gallery names it).
    public static let handlerFile = #filePath
    static let failureMessage = "Your rating couldn't be saved, so it was undone. Please try again."

    /// The star rating as a choice among five stars.
    public static let rating: ChoiceDefinition = ChoiceDefinition(
        name: "rating", title: "StarRating", action: "rate",
        target: TapTarget("post", noun: "post", purpose: "the post to rate", example: "p1"),
        field: "stars", options: ["1", "2", "3", "4", "5"], none: "0",
        summary: "Rate a post from 1 to 5 stars, optimistically, with rollback on failure",
        failureMessage: failureMessage, announce: { $0.map { "Rated \($0) of 5" } ?? "Rating cleared" },
        returnPath: .perTarget(description: "the post's page") { AppNavigator.postPath($0) },
        state: { shown, post, pending in
            .object([
                ("target", .string(post)), ("stars", .int(Int(shown.chosen ?? "0") ?? 0)),
                ("average", .double(average(shown))), ("count", .int(shown.total)), ("pending", .bool(pending)),
            ])
        },
        render: { post, shown, returnTo in
            StarRating(
                elementID: elementID(forPost: post), stars: Int(shown.shown.chosen ?? "0") ?? 0,
                average: average(shown.shown), count: shown.shown.total, busy: shown.busy, message: shown.message
            ) { star in rating.form(post, choosing: String(star), in: shown, returnTo: returnTo) }
        })

    /// The stars given on average, to one decimal; 0 without ratings.
    static func average(_ shown: ChoiceDefinition.Shown) -> Double {
        let sum = shown.counts.reduce(0) { $0 + (Int($1.option) ?? 0) * $1.count }
        return shown.total == 0 ? 0 : (Double(sum) / Double(shown.total) * 10).rounded() / 10
    }

    /// The star rating as the app registers it: previews, each post's ratings from `fixtures`, and its tap.
    public static func module(_ context: ComponentContext, fixtures: Fixtures) -> ChoiceModule {
        ChoiceModule(
            rating, preview: preview, base: fixtures.ratings, styles: .file("StarRating.css"), context: context)
    }

    /// The stable id of a post's rating, the same in pages and fragments: `rating-{post}`.
    public static func elementID(forPost post: String) -> String {
        "rating-" + post
    }

    /// The rating of `post` as `viewer` should see it now: their change in flight while it is, and, once,
    /// the failure of their last tap without script. `nil` for an unknown post.
    package static func selfManaged(
        post: String, viewer: Viewer, ratings: ChoiceStore, returnTo: String? = nil
    )
        -> SelfManaged?
    {
        ratings.presentation(post, viewer: viewer).map { rating.selfManaged(post, shown: $0, returnTo: returnTo) }
    }

    /// The rating of `post` showing the viewer's `stars` and `count` ratings whose stars sum to `sum`.
    public static func selfManaged(
        post: String, stars: Int, sum: Int, count: Int, returnTo: String? = nil, busy: Bool = false,
        message: String? = nil
    ) -> SelfManaged {
        // `count` ratings of the average's two nearest stars, `sum` in all.
        let low = count == 0 ? 1 : min(5, max(1, sum / count))
        let high = count == 0 ? 0 : min(count, max(0, sum - low * count))
        let counts = ["1", "2", "3", "4", "5"].map { option in
            ChoiceDefinition.Count(option, option == String(low) ? count - high : option == String(low + 1) ? high : 0)
        }
        let shown = ChoiceDefinition.Shown(chosen: stars == 0 ? nil : String(stars), counts: counts)
        return rating.selfManaged(post, shown: .init(shown: shown, busy: busy, message: message), returnTo: returnTo)
    }
}
