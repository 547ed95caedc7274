extension HTMLBuffer {
    /// Appends a component's rendered markup with attributes added to its root, the first start tag: they
    /// go after the root's own, escaped like every attribute.
    ///
    /// ```swift
    /// html.raw(button.renderedBytes, addingToRoot: .custom("data-self-managed", "like p1"))
    /// ```
    /// - Parameters:
    ///   - markup: Markup this module rendered, starting with its root's start tag.
    ///   - attributes: What to add to the root.
    package mutating func raw(_ markup: [UInt8], addingToRoot attributes: HTMLAttribute?...) {
        guard let end = Self.endOfFirstStartTag(markup) else {
            raw(HTMLRaw(bytes: markup))
            return
        }
        markup.withUnsafeBufferPointer { all in
            appendBytes(UnsafeBufferPointer(rebasing: all[..<end]))
            for attribute in attributes {
                append(attribute)
            }
            appendBytes(UnsafeBufferPointer(rebasing: all[end...]))
        }
    }

    /// Renders `component` here, then adds to its root (its first start tag) the attributes `decorate`
    /// makes from its markup, which it reads in place: nothing is copied but the bytes after the root's
    /// start tag, moved along once.
    ///
    /// ```swift
    /// html.render(button) { markup in HTMLAttributes(.custom("data-bytes", integer: markup.count)) }
    /// ```
    package mutating func render(
        _ component: some HTMLComponent, decoratingRoot decorate: (UnsafeBufferPointer<UInt8>) -> HTMLAttributes
    ) {
        let start = count
        component.render(into: &self)
        let added = decorate(UnsafeBufferPointer(start: base + start, count: count - start)).bytes
        guard !added.isEmpty,
            let end = Self.endOfFirstStartTag(UnsafeBufferPointer(start: base + start, count: count - start))
        else { return }
        let insertAt = start + end
        let moved = count - insertAt
        insertions.append(insertAt)  // marks that end after it no longer say where their bytes are
        if count + added.count > capacity {
            grow(toAtLeast: count + added.count)
        }
        (base + insertAt + added.count).update(from: base + insertAt, count: moved)  // memmove: overlapping
        added.withUnsafeBufferPointer { (base + insertAt).update(from: $0.baseAddress!, count: $0.count) }
        count += added.count
    }

    /// Runs `body` on this buffer and gives what it appended (a copy), for a caller that keeps what it
    /// rendered.
    ///
    /// ```swift
    /// let kept = html.appended { html in html.render(button) }
    /// ```
    package mutating func appended(by body: (inout HTMLBuffer) -> Void) -> [UInt8] {
        let start = count
        body(&self)
        let length = count - start
        return [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
            if length > 0 {
                buffer.baseAddress!.update(from: base + start, count: length)
            }
            initialized = length
        }
    }

    /// The index of the `>` (or of the `/` of `/>`) that ends the first start tag, outside quoted values.
    static func endOfFirstStartTag(_ markup: [UInt8]) -> Int? {
        markup.withUnsafeBufferPointer { endOfFirstStartTag($0) }
    }

    static func endOfFirstStartTag(_ markup: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let open = markup.firstIndex(of: UInt8(ascii: "<")), open + 1 < markup.count,
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(markup[open + 1] | 0x20)
        else { return nil }
        var quote: UInt8?
        var index = open + 1
        while index < markup.count {
            let byte = markup[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index > 0 && markup[index - 1] == UInt8(ascii: "/") ? index - 1 : index
            }
            index += 1
        }
        return nil
    }
}
