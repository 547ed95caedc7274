import Components

/// The star rating's previews: its parameters, the variants worth looking at, and its tap.
extension StarRating {
    /// The catalogue entry, under the name and title of the component's definition (said once, there).
    public static let preview = declaredPreview.named(rating.kind.name, title: rating.kind.title)

    private static let declaredPreview = ComponentPreview(
        summary:
            "Five stars, the average and the count; a tap on a star shows it at once, saves through the rating service, and rolls back exactly on failure.",
        parameters: [
            PreviewParameter(
                "post", .text, default: "p6", "The post it rates; the root element's id is rating-{post}."),
            PreviewParameter("stars", .integer(minimum: 0), default: "0", "The viewer's stars, 1 to 5; 0: none."),
            PreviewParameter("sum", .integer(minimum: 0), default: "42", "Every rating's stars, summed."),
            PreviewParameter("count", .integer(minimum: 0), default: "10", "How many ratings there are."),
            PreviewParameter(
                "return_to", .localPath, default: "", "Where a tap without script returns (a local path)."),
            PreviewParameter("busy", .boolean, default: "false", "A tap is in flight (aria-busy)."),
            PreviewParameter("message", .text, default: "", "An error to announce (role=alert); empty for none."),
        ],
        variants: [
            PreviewVariant("No ratings yet", [("post", "p4"), ("stars", "0"), ("sum", "0"), ("count", "0")]),
            PreviewVariant(
                "Not rated by the viewer", [("post", "p1"), ("stars", "0"), ("sum", "42"), ("count", "10")]),
            PreviewVariant("Rated 4 stars", [("post", "p2"), ("stars", "4"), ("sum", "46"), ("count", "11")]),
            PreviewVariant(
                "Tap in flight", [("post", "p3"), ("stars", "5"), ("sum", "9"), ("count", "2"), ("busy", "true")]),
            PreviewVariant(
                "Could not be saved",
                [("post", "p5"), ("stars", "2"), ("sum", "7"), ("count", "3"), ("message", failureMessage)]),
        ],
        actions: [
            rating.previewAction(
                summary: "Rates a post (0 takes the rating back): 303 to return_to (or the post); 404, 400.",
                exampleBody: "post=p1&stars=4&return_to=/posts/p1")
        ],
        instance: { $0["post"] },
        handlerFile: handlerFile,
        make: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                return selfManaged(
                    post: values["post"], stars: values.int("stars"), sum: values.int("sum"),
                    count: values.int("count"),
                    returnTo: values.optional("return_to"), busy: values.bool("busy"),
                    message: values.optional("message"))
            case .plain:
                return StarRating(
                    elementID: elementID(forPost: values["post"]), stars: values.int("stars"), average: average(values),
                    count: values.int("count"), busy: values.bool("busy"), message: values.optional("message")
                ) { _ in plainAction }
            }
        },
        swift: { values, configuration, plainAction in
            switch configuration {
            case .selfManaged:
                SwiftCall("StarRating.selfManaged").string("post", values["post"]).int("stars", values.int("stars"))
                    .int("sum", values.int("sum")).int("count", values.int("count"))
                    .string("returnTo", values.optional("return_to")).bool(
                        "busy", values.bool("busy"), omittedWhen: false
                    )
                    .string("message", values.optional("message"))
            case .plain:
                SwiftCall("StarRating").string("elementID", elementID(forPost: values["post"]))
                    .int("stars", values.int("stars")).argument("average", source: String(average(values)))
                    .int("count", values.int("count")).bool("busy", values.bool("busy"), omittedWhen: false)
                    .string("message", values.optional("message"))
                    .argument(
                        "action", source: "{ _ in " + SwiftCall("").action("", plainAction).arguments[0].source + " }")
            }
        })

    /// The average the preview's `sum` and `count` make, to one decimal.
    private static func average(_ values: PreviewValues) -> Double {
        values.int("count") == 0 ? 0 : (Double(values.int("sum")) / Double(values.int("count")) * 10).rounded() / 10
    }
}
