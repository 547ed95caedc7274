import HTML

extension HTMLBuffer {
    /// Renders a part of a page that is kept apart from the rest: when a change touches only what
    /// `render` read, a kept page renders this part again and copies the rest (`RenderedPages`).
    ///
    /// Wrap each self-managed root with the code that reads its state, so that the reads happen inside;
    /// give what it is rendered from as `source`, and let `render` capture nothing:
    ///
    /// ```swift
    /// html.piece((context, post.id)) { source, html in
    ///     if let rating = source.0.rating(for: source.1) { html.render(rating) }
    /// }
    /// ```
    ///
    /// Outside a kept page's render (with `--render-cache off`, inside another piece, in a buffer other
    /// than the page's own, or for a first visit's page) it renders in place, its reads the enclosing
    /// render's, so a piece is never kept where its bytes are not known to be in the page; and nothing is
    /// kept for it (`source` and `render` are joined into one closure only for a piece that is kept). A
    /// piece whose bytes moved after it was marked (a root around it decorated) is not kept either.
    /// - Parameters:
    ///   - source: What the piece is rendered from, besides the states it reads: it must be what the
    ///     page's key holds (its path, its viewer, its settings), or values that never change.
    ///   - render: What the piece writes: a function of `source` and of what it reads of the states.
    package mutating func piece<Source: Sendable>(
        _ source: Source, _ render: @escaping @Sendable (Source, inout HTMLBuffer) -> Void
    ) {
        // The buffer first: a page that keeps no pieces gave its buffer no owner, and asks no task-local.
        guard let owner = pieceOwner, let page = StateReads.recorder, page.collectsPieces, !page.inPiece,
            owner == ObjectIdentifier(page)
        else {
            render(source, &self)
            return
        }
        let start = byteCount
        let readsStart = page.beginPiece()
        render(source, &self)
        page.pieces.append(
            PagePiece(range: start..<byteCount, reads: readsStart..<page.endPiece()) { render(source, &$0) })
        page.insertionsBeforePieces.append(insertions.count)
    }
}
