import HTML

extension HTMLBuffer {
    /// Renders a part of a page that is kept apart from the rest: when a change touches only what
    /// `render` read, a kept page renders this part again and copies the rest (`RenderedPages`).
    ///
    /// Wrap each self-managed root with the code that reads its state, so that the reads happen inside;
    /// let `render` capture only what it is rendered from besides the states it reads:
    ///
    /// ```swift
    /// html.piece { [context, post] html in
    ///     if let rating = context.rating(for: post.id) { html.render(rating) }
    /// }
    /// ```
    ///
    /// Outside a kept page's render (with `--render-cache off`, inside another piece, in a buffer other
    /// than the page's own, or for a first visit's page) it renders in place, its reads the enclosing
    /// render's, so a piece is never kept where its bytes are not known to be in the page. A piece whose
    /// bytes moved after it was marked (a root around it decorated) is not kept either.
    ///
    /// (Not generic over what `render` is rendered from: called from another module, a generic piece ran
    /// unspecialised, copying its source through the runtime's value witnesses and boxing it again for the
    /// page to keep, about twice what a piece costs now.)
    /// - Parameter render: What the piece writes: a function of what it captured, which must be what the
    ///   page's key holds (its path, its viewer, its settings) or values that never change, and of what it
    ///   reads of the states.
    package mutating func piece(_ render: @escaping @Sendable (inout HTMLBuffer) -> Void) {
        // The buffer first: a page that keeps no pieces gave its buffer no owner, and asks for no recorder.
        guard let owner = pieceOwner, let page = StateReads.recorder, page.collectsPieces, !page.inPiece,
            owner == ObjectIdentifier(page)
        else {
            render(&self)
            return
        }
        let start = byteCount
        let readsStart = page.beginPiece()
        render(&self)
        page.pieces.append(PagePiece(range: start..<byteCount, reads: readsStart..<page.endPiece(), render: render))
        page.insertionsBeforePieces.append(insertions.count)
    }
}
