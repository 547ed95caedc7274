import Basics
import Components
import HTML
import HTTPCore

/// The self-managed star rating: configured with a post, it rates by itself. A tap on a star shows the
/// new stars and average at once, saves through the rating service, and on failure returns to exactly the
/// state before; a tap on the viewer's own rating takes it back.
///
/// The tap is `POST /components/rating/rate` with `post`, `stars` (1 to 5, or 0 to clear) and optional
/// `return_to` (anything but a local path falls back to the post's page), handled by the kit's generic
/// routes from `rating`, this component's declaration on the generic kind.
extension StarRating {
    /// This file, which holds the handler of the component's own tap (the gallery names it).
    public static let handlerFile = SourceFile.path(#filePath)
    static let failureMessage = "Your rating couldn't be saved, so it was undone. Please try again."

    /// The star rating on the kit's generic kind: its model, its one action and its words.
    public static let rating: SelfManagedDefinition<Ratings> = SelfManagedDefinition(
        name: "rating", title: "StarRating",
        target: TapTarget("post", noun: "post", purpose: "the post to rate", example: "p1"),
        summary: "Rate a post from 1 to 5 stars, optimistically, with rollback on failure",
        returnPath: .perTarget(description: "the post's page") { AppNavigator.postPath($0) },
        actions: [
            SelfManagedAction(
                "rate",
                fields: [
                    ActionField(
                        "stars", .string(enum: ["0", "1", "2", "3", "4", "5"]),
                        "The stars given, 1 to 5; 0 takes the viewer's rating back.", example: "4")
                ],
                decode: { input throws(HTTPError) in
                    .change(try input.integer("stars", in: 0...5, meaning: "the stars given, or 0 to clear"))
                },
                optimistic: { shown, form in
                    Int(form["stars"] ?? "").map { .init(shown: shown.shown.rated($0), busy: true) }
                },
                describe: { stars in [("stars", .int(stars))] })
        ],
        words: SelfManagedWords(
            failureMessage: failureMessage,
            announce: { $0.stars == 0 ? "Rating cleared" : "Rated \($0.stars) of 5" },
            describe: { shown in
                EventState(
                    text: "\(shown.stars) stars, average \(shown.tally.average) of \(shown.tally.count)",
                    json: .object([
                        ("stars", .int(shown.stars)), ("average", .double(shown.tally.average)),
                        ("count", .int(shown.tally.count)),
                    ]))
            },
            flash: { _, outcome in outcome.succeeded ? nil : failureMessage }),
        exampleChanges: { example, other in
            [
                .init("rate", target: example, fields: [("stars", "4")]),
                .init("rate", target: example, fields: [("stars", "0")]),
            ]
                + (other.map { [.init("rate", target: $0, fields: [("stars", "5")])] } ?? [])
        },
        render: { post, shown, returnTo in
            StarRating(
                elementID: elementID(forPost: post), stars: shown.shown.stars, average: shown.shown.tally.average,
                count: shown.shown.tally.count, busy: shown.busy, message: shown.message
            ) { star in
                // A tap on the viewer's own rating takes it back.
                rating.form(
                    "rate", target: post, fields: [.init("stars", String(star == shown.shown.stars ? 0 : star))],
                    returnTo: returnTo)
            }
        })

    /// The star rating as the app registers it: previews, each post's ratings from `fixtures`, and its tap.
    public static func module(_ context: ComponentContext, fixtures: Fixtures) -> SelfManagedModule<Ratings> {
        SelfManagedModule(
            rating, model: Ratings(base: fixtures.ratings), preview: preview, styles: .file("StarRating.css"),
            context: context)
    }

    /// The stable id of a post's rating, the same in pages and fragments: `rating-{post}`.
    public static func elementID(forPost post: String) -> String {
        "rating-" + post
    }

    /// The rating of `post` as `viewer` should see it now: their change in flight while it is, and, once,
    /// the failure of their last tap without script. `nil` for an unknown post.
    public static func selfManaged(
        post: String, viewer: Viewer, ratings: SelfManagedStore<Ratings>, returnTo: String? = nil
    ) -> SelfManaged? {
        ratings.presentation(post, viewer: viewer).map { rating.selfManaged(post, shown: $0, returnTo: returnTo) }
    }

    /// The rating of `post` showing the viewer's `stars` and every rating's `sum` and `count`.
    public static func selfManaged(
        post: String, stars: Int, sum: Int, count: Int, returnTo: String? = nil, busy: Bool = false,
        message: String? = nil
    ) -> SelfManaged {
        let shown = Ratings.Shown(stars: stars, tally: .init(sum: sum, count: count))
        return rating.selfManaged(post, shown: .init(shown: shown, busy: busy, message: message), returnTo: returnTo)
    }
}
