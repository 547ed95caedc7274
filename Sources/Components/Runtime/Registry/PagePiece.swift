import HTML

/// One part of a kept page that is kept under its own reads: where its bytes are in the page, what its
/// render read of the states, and the render itself, to run again when only that changed.
///
/// A page marks its pieces as it renders (`HTMLBuffer.piece`); `RenderedPages` keeps them with the page
/// and, when a change makes some of them stale, renders those alone and joins the rest as kept.
package struct PagePiece: Sendable {
    /// Where a piece is in its page: plain numbers, which a page rendered again in part makes anew while
    /// it shares the renders as they were.
    struct Place: Sendable {
        /// Where its bytes are in the page.
        let range: Range<Int>
        /// Where what its render read is in the page's reads (which hold its pieces' reads and its own).
        let reads: Range<Int>
    }

    /// A piece's render: what it writes depends only on what it captured, which the page's key holds, and
    /// on what it reads, which its place's `reads` records.
    typealias Render = @Sendable (inout HTMLBuffer) -> Void

    let place: Place
    let render: Render

    init(range: Range<Int>, reads: Range<Int>, render: @escaping Render) {
        self.place = Place(range: range, reads: reads)
        self.render = render
    }
}
