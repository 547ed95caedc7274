import HTML

#if canImport(Glibc)
    import Glibc
#endif

/// Where a render that leaves out what the browser holds (`HTMLBuffer.keptByClient`) has its one
/// `<template data-kept="N">`: its element index (elements numbered as `HTMLPatch` numbers them, a
/// template's content after the template), how many elements it holds, and its bytes, from its start tag
/// to the end of its end tag.
package struct HTMLKeptRun: Equatable {
    package var index: Int
    package var inner: Int
    package var bytes: Range<Int>

    /// The render's one kept run, or `nil` when it has none or more than one.
    package static func find(in render: UnsafeBufferPointer<UInt8>) -> HTMLKeptRun? {
        var scanner = HTMLPatchScanner(render)
        var elements = 0
        var found: HTMLKeptRun?
        var depth = 0  // inside the run: the elements open in it, the template itself included
        while let token = scanner.next() {
            switch token.kind {
            case .start(let name, let opens):
                defer { elements += 1 }
                if depth > 0 {
                    found?.inner += 1
                    if opens { depth += 1 }
                } else if HTMLPatchScanner.named(render, name, "template"), isKept(render, token.range) {
                    guard found == nil, opens else { return nil }
                    found = HTMLKeptRun(
                        index: elements, inner: 0, bytes: token.range.lowerBound..<token.range.upperBound)
                    depth = 1
                }
            case .end where depth > 0:
                depth -= 1
                if depth == 0, let start = found?.bytes.lowerBound { found?.bytes = start..<token.range.upperBound }
            default:
                break
            }
        }
        return depth == 0 ? found : nil
    }

    /// The patch from `whole` (a root's render) to the state `next` renders, found from `short` (the same
    /// root leaving out what a browser holds, as one kept run) and `next` (that state, leaving out the
    /// same), with the indexes past the run moved by the elements `whole` holds in its place. `nil` when
    /// `short` is not `whole` with one run in place of some of its bytes, when what it left out holds a
    /// form posting under `formsUnder` (one of the root's own, whose state it would miss), when a change
    /// falls in the run, or when `short` and `next` have no patch.
    ///
    /// `counting`, when given, keeps what the left-out bytes held under its key (the root's), so that the
    /// next call whose left-out bytes begin with these (a thread one comment longer) counts only the rest.
    package static func patch(
        in whole: UnsafeBufferPointer<UInt8>, from short: [UInt8], to next: [UInt8], formsUnder prefix: String,
        counting: (counts: HeldElementCounts, key: String)? = nil
    ) -> String? {
        guard let patch = HTMLPatch(from: short, to: next) else { return nil }
        return short.withUnsafeBufferPointer { short -> String? in
            guard let run = find(in: short) else { return nil }
            let tail = short.count - run.bytes.upperBound
            let left = run.bytes.lowerBound..<(whole.count - tail)
            guard left.lowerBound <= left.upperBound,
                same(whole, short, at: 0, 0, count: left.lowerBound),
                same(whole, short, at: left.upperBound, run.bytes.upperBound, count: tail)
            else { return nil }
            let region = UnsafeBufferPointer(rebasing: whole[left])
            let counted =
                if let counting {
                    counting.counts.elements(in: region, formsUnder: prefix, key: counting.key)
                } else {
                    elements(in: region, formsUnder: prefix)
                }
            guard let held = counted else { return nil }
            return run.renumbered(patch, holding: held)?.encoded
        }
    }

    /// `patch`, made between two renders with this run, for the renders where the run's place holds
    /// `held` elements: the indexes past the run moved, the count grown; `nil` when a change falls in the
    /// run, which stands for elements a patch cannot name.
    package func renumbered(_ patch: HTMLPatch, holding held: Int) -> HTMLPatch? {
        let shift = held - (1 + inner)
        var changes: [HTMLPatch.Change] = []
        changes.reserveCapacity(patch.changes.count)
        for change in patch.changes {
            guard let moved = change.moved(pastElement: index + inner, by: shift, unlessWithin: index) else {
                return nil
            }
            changes.append(moved)
        }
        return HTMLPatch(elementCount: patch.elementCount + shift, changes: changes)
    }

    /// How many elements (start tags) `bytes` holds, or `nil` when one of them is a form posting under
    /// `prefix` (when one is given).
    package static func elements(in bytes: UnsafeBufferPointer<UInt8>, formsUnder prefix: String? = nil) -> Int? {
        count(in: bytes, formsUnder: prefix).elements
    }

    /// `elements(in:formsUnder:)`, and whether the bytes end where a token does, outside any tag, comment
    /// or raw text, and not on a `<`: then the bytes that follow them scan as they would alone, and the
    /// elements of the two together are those of each added up.
    static func count(
        in bytes: UnsafeBufferPointer<UInt8>, formsUnder prefix: String?
    ) -> (elements: Int?, endsAtAToken: Bool) {
        var scanner = HTMLPatchScanner(bytes)
        var elements = 0
        var opensRawText = false
        while let token = scanner.next() {
            guard case .start(let name, let opens) = token.kind else {
                opensRawText = false
                continue
            }
            elements += 1
            opensRawText = opens && HTMLPatchScanner.isRawText(bytes, name)
            if let prefix, HTMLPatchScanner.named(bytes, name, "form") {
                let attributes = HTMLStartTag.ranges(in: bytes, token.range)
                let action = attributes.first { HTMLPatchScanner.named(bytes, $0.name, "action") }?.value
                if let action, HTMLStartTag.value(bytes, action).hasPrefix(prefix) { return (nil, false) }
            }
        }
        let endsAtAToken = !scanner.ranOut && !opensRawText && bytes.last != UInt8(ascii: "<")
        return (elements, endsAtAToken)
    }

    /// Whether `count` bytes of `a` from `i` are those of `b` from `j`.
    private static func same(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, at i: Int, _ j: Int, count: Int
    ) -> Bool {
        guard count > 0 else { return true }
        guard i + count <= a.count, j + count <= b.count else { return false }
        return memcmp(a.baseAddress! + i, b.baseAddress! + j, count) == 0
    }

    private static let marker = Array(" data-kept=\"".utf8)

    /// Whether the start tag at `tag` carries `data-kept`.
    private static func isKept(_ render: UnsafeBufferPointer<UInt8>, _ tag: Range<Int>) -> Bool {
        guard tag.count > marker.count else { return false }
        return (tag.lowerBound...(tag.upperBound - marker.count)).contains { at in
            marker.indices.allSatisfy { render[at + $0] == marker[$0] }
        }
    }
}

extension HTMLPatch.Change {
    /// This change with its element moved by `shift` when past `end`; `nil` when it is at `start` … `end`.
    fileprivate func moved(pastElement end: Int, by shift: Int, unlessWithin start: Int) -> Self? {
        func index(_ element: Int) -> Int? {
            element < start ? element : element > end ? element + shift : nil
        }
        switch self {
        case .setAttribute(let element, let name, let value):
            return index(element).map { .setAttribute(element: $0, name: name, value: value) }
        case .removeAttribute(let element, let name):
            return index(element).map { .removeAttribute(element: $0, name: name) }
        case .setText(let element, let text):
            return index(element).map { .setText(element: $0, text: text) }
        }
    }
}
