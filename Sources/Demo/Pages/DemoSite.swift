import Components

/// What every demo page is rendered from that no request changes: the fixtures, each post's cell frames,
/// the like and follow stores the cells' buttons show, and the comments and ratings posts show. `DemoPages` holds one; each request's
/// `PageContext` adds the viewer, the settings and the navigation to it.
struct DemoSite: Sendable {
    var fixtures: Fixtures
    var cells: PostCellFrames
    var likes: ToggleStore
    var follows: ToggleStore
    var comments: CommentStore
    /// The comment box's declaration, with the fixtures' authors.
    var commentBox: SelfManagedDefinition<CommentThreads>
    var ratings: ChoiceStore
}
