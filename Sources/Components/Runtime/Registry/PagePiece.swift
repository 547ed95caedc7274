import HTML

/// One part of a kept page that is kept under its own reads: where its bytes are in the page, what its
/// render read of the states, and the render itself, to run again when only that changed.
///
/// A page marks its pieces as it renders (`HTMLBuffer.piece`); `RenderedPages` keeps them with the page
/// and, when a change makes some of them stale, renders those alone and joins the rest as kept.
package struct PagePiece: Sendable {
    /// Where its bytes are in the page.
    let range: Range<Int>
    /// Where what its render read is in the page's reads (which hold its pieces' reads and its own).
    let reads: Range<Int>
    /// Its render: what it writes depends only on what it captured, which the page's key holds, and on
    /// what it reads, which `reads` records.
    let render: @Sendable (inout HTMLBuffer) -> Void

    init(range: Range<Int>, reads: Range<Int>, render: @escaping @Sendable (inout HTMLBuffer) -> Void) {
        self.range = range
        self.reads = reads
        self.render = render
    }
}
