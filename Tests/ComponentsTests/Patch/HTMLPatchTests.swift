import Testing

@testable import Components
@testable import HTML

/// Every element of some markup as a browser would list them (`[root, ...root.querySelectorAll('*')]`):
/// its name, attributes and, for an element holding only text, that text. Applying a patch to the model
/// of one render must give the model of the other.
private struct Model: Equatable {
    struct Element: Equatable {
        var name: String
        var attributes: [String: String]
        var text: String?
    }

    var elements: [Element] = []

    init(_ markup: String) {
        let bytes = Array(markup.utf8)
        let tokens = HTMLTokenizer.tokenize(bytes).tokens
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .startTag(let name, _):
                let tag = HTMLStartTag(bytes[token.range])
                elements.append(
                    Element(
                        name: name,
                        attributes: Dictionary(uniqueKeysWithValues: tag.attributes.map { ($0.name, $0.value) })))
                if !HTMLTokenizer.voidElements.contains(name) { open.append(elements.count - 1) }
            case .endTag:
                open.removeLast()
            case .text:
                if case .startTag = tokens[index - 1].kind, let parent = open.last {
                    elements[parent].text = HTMLEntities.decode(bytes[token.range])
                }
            default:
                break
            }
        }
    }

    func applying(_ patch: HTMLPatch) -> Model {
        var model = self
        for change in patch.changes {
            switch change {
            case .setAttribute(let element, let name, let value): model.elements[element].attributes[name] = value
            case .removeAttribute(let element, let name): model.elements[element].attributes[name] = nil
            case .setText(let element, let text): model.elements[element].text = text
            }
        }
        return model
    }
}

@Suite struct HTMLPatchTests {
    static let committed =
        #"<div class="like" data-count="9999"><form action="/tap"><input type="hidden" name="liked" value="true"><button aria-pressed="false">♥ <span class="count">9,999</span></button></form></div>"#
    static let optimistic =
        #"<div class="like like--animated" aria-busy="true" data-count="10000"><form action="/tap"><input type="hidden" name="liked" value="false"><button aria-pressed="true">♥ <span class="count">10K</span></button></form></div>"#

    @Test func thePatchTurnsOneRenderIntoTheOther() throws {
        let patch = try #require(HTMLPatch(from: Array(Self.committed.utf8), to: Array(Self.optimistic.utf8)))
        #expect(patch.elementCount == 5)
        #expect(
            patch.changes == [
                .setAttribute(element: 0, name: "class", value: "like like--animated"),
                .setAttribute(element: 0, name: "aria-busy", value: "true"),
                .setAttribute(element: 0, name: "data-count", value: "10000"),
                .setAttribute(element: 2, name: "value", value: "false"),
                .setAttribute(element: 3, name: "aria-pressed", value: "true"),
                .setText(element: 4, text: "10K"),
            ])
        #expect(Model(Self.committed).applying(patch) == Model(Self.optimistic))
        // And back, with the attribute the other render does not have removed.
        let back = try #require(HTMLPatch(from: Array(Self.optimistic.utf8), to: Array(Self.committed.utf8)))
        #expect(back.changes.contains(.removeAttribute(element: 0, name: "aria-busy")))
        #expect(Model(Self.optimistic).applying(back) == Model(Self.committed))
    }

    @Test func theSameMarkupHasAnEmptyPatch() throws {
        let patch = try #require(HTMLPatch(from: Array(Self.committed.utf8), to: Array(Self.committed.utf8)))
        #expect(patch.changes.isEmpty)
        #expect(patch.encoded == "5")
    }

    @Test(arguments: [
        (#"<p><span>a</span></p>"#, #"<p><span>a</span><b>!</b></p>"#),  // an element more
        (#"<p><span>a</span></p>"#, #"<p><em>a</em></p>"#),  // another name
        (#"<p><span></span></p>"#, #"<p><span>a</span></p>"#),  // text where there was none
        (#"<p>a <b>b</b></p>"#, #"<p>c <b>b</b></p>"#),  // text beside an element
    ])
    func rendersWithOtherElementsHaveNoPatch(_ pair: (String, String)) {
        #expect(HTMLPatch(from: Array(pair.0.utf8), to: Array(pair.1.utf8)) == nil)
    }

    /// A `>` or the other quote inside a quoted value ends no tag, in either kind of quote.
    @Test func quotedValuesHoldAnyOtherQuoteAndGreaterThan() throws {
        let old = #"<p title='a > "b"' class="x"><i data-x="c > 'd'">t</i></p>"#
        let new = #"<p title='a > "b"' class="y"><i data-x="c > 'd'">u</i></p>"#
        let patch = try #require(HTMLPatch(from: Array(old.utf8), to: Array(new.utf8)))
        #expect(patch.encoded == "2|0|=class|y|1|:|u")
    }

    /// A tag's end is found eight bytes at a time: wherever in a word its quotes and its `>` fall (a value
    /// of every length from 0 to 23 before them), the tag ends where it does.
    @Test func tagsEndWhereverTheirQuotesFallInAWord() throws {
        for length in 0..<24 {
            let value = String(repeating: "v", count: length)
            for attribute in [#"data-a="\#(value)>'""#, #"data-a='\#(value)>"'"#, "data-a=\(value)x"] {
                let old = "<p \(attribute) class=\"x\">t</p><i>same</i>"
                let new = "<p \(attribute) class=\"y\">u</p><i>same</i>"
                let patch = try #require(HTMLPatch(from: Array(old.utf8), to: Array(new.utf8)), "\(attribute)")
                #expect(patch.encoded == "2|0|=class|y|0|:|u", "\(attribute)")
            }
        }
    }

    /// Markup with every kind of token the scanner knows, and ends it finds by looking past them: a
    /// comment, a raw text that holds what looks like tags, a quoted `>`, void elements, text beside tags.
    static let everyToken = Array(
        (#"<section class="box" title="a > b"><!-- a comment, <b>not a tag</b> --><h2>3 comments</h2>"#
            + #"<ol><li class="c"><p>First &amp; <i>one</i></p></li><li hidden><p data-fill="text">x</p></li></ol>"#
            + #"<form action="/send"><input type="hidden" name="post" value="p1"><br/>"#
            + #"<textarea name="text" rows="3">a </text <b> </textare</textarea><script>if (a < b) "</p>";</script>"#
            + #"<button type="submit" disabled>Sending…</button></form><p>end</p></section>"#).utf8)

    /// Scanning the runs of bytes both renders share once changes no patch: for a change (a byte
    /// replaced, one added, one removed) at every offset, alone and after a change to the root's title
    /// (so that a run starts after it, at another offset in each render), each way, the patch, or its
    /// absence, and its encoded form are those of a walk that scans both renders whole.
    @Test func sharedRunsScannedOnceGiveTheSamePatchAsBothScannedWhole() {
        let base = Self.everyToken
        var pairs: [([UInt8], [UInt8])] = []
        for offset in base.indices {
            var replaced = base
            replaced[offset] = base[offset] == UInt8(ascii: "Z") ? UInt8(ascii: "Y") : UInt8(ascii: "Z")
            var added = base
            added.insert(UInt8(ascii: "x"), at: offset)
            var removed = base
            removed.remove(at: offset)
            for changed in [replaced, added, removed] {
                pairs.append((base, changed))
                pairs.append((changed, base))
                // The title `a > b` made `a >> b`, before the change when the change is past it.
                guard offset > 32 else { continue }
                var retitled = changed
                retitled.insert(UInt8(ascii: ">"), at: 31)
                pairs.append((base, retitled))
                pairs.append((retitled, base))
            }
        }
        var patched = 0
        for (from, to) in pairs {
            let whole = HTMLPatch(from: from, to: to, sharedRunsScannedOnce: false)
            let once = HTMLPatch(from: from, to: to, sharedRunsScannedOnce: true)
            #expect(once == whole, "from \(String(decoding: from, as: UTF8.self))")
            let encoded = from.withUnsafeBufferPointer { old in
                to.withUnsafeBufferPointer { new in HTMLPatch.encoded(from: old, to: new) }
            }
            #expect(encoded == whole?.encoded)
            if whole != nil { patched += 1 }
        }
        // Both kinds of pair are there: changes a patch can make, and changes to the elements.
        #expect(patched > pairs.count / 10 && patched < pairs.count)
    }

    @Test func valuesAreDecodedAndTheEncodingSurvivesItsSeparators() throws {
        let from = #"<p title="a"><b>x</b></p>"#
        let to = #"<p title="&quot;1|2\3&quot; &amp; &#39;&lt;"><b>&lt;y&gt; | \</b></p>"#
        let patch = try #require(HTMLPatch(from: Array(from.utf8), to: Array(to.utf8)))
        #expect(
            patch.changes == [
                .setAttribute(element: 0, name: "title", value: #""1|2\3" & '<"#),
                .setText(element: 1, text: #"<y> | \"#),
            ])
        #expect(patch.encoded == #"2|0|=title|"1\|2\\3" & '<|1|:|<y> \| \\"#)
        #expect(HTMLPatch(encoded: patch.encoded) == patch)
    }

    /// The encoding written straight from the renders (`encoded(from:to:)`, what self-managed roots use) is the
    /// encoding of the changes as values, for every kind of change: set, removed, text, decoded values,
    /// names in capitals (ASCII and not), the separators, and renders with no patch.
    @Test(arguments: [
        (committed, optimistic), (optimistic, committed),
        (#"<p title="a"><b>x</b></p>"#, #"<p title="&quot;1|2\3&quot; &amp; &#39;&lt;"><b>&lt;y&gt; | \</b></p>"#),
        (#"<P TITLE="a" Data-X="1"><b>x</b></P>"#, #"<P TITLE="b"><b>x</b></P>"#),
        (#"<p DATA-É="a"></p>"#, #"<p DATA-É="b" hidden></p>"#),
        (#"<p><span>a</span></p>"#, #"<p><em>a</em></p>"#),
        (#"<p><b></b></p>"#, #"<p><b></b></p>"#),
    ])
    func theEncodingWrittenStraightIsTheEncodingOfTheChanges(_ pair: (String, String)) {
        let from = Array(pair.0.utf8)
        let to = Array(pair.1.utf8)
        let direct = from.withUnsafeBufferPointer { from in
            to.withUnsafeBufferPointer { to in HTMLPatch.encoded(from: from, to: to) }
        }
        #expect(direct == HTMLPatch(from: from, to: to)?.encoded)
    }

    @Test(arguments: ["", "x", "2|0", "2|5|=a|b", "2|0|?a|b", "2|0|=|b", "2|0|:a|b", "2|0|=a|b\\"])
    func textThatIsNotAPatchIsRefused(_ text: String) {
        #expect(HTMLPatch(encoded: text) == nil)
    }

    @Test func attributesAreAddedToTheRootOnly() {
        var html = HTMLBuffer()
        html.raw(
            Array(#"<div title="a > b"><p class="x">t</p></div>"#.utf8),
            addingToRoot: .custom("data-key", #"k "1""#), nil)
        #expect(
            String(decoding: html.bytes, as: UTF8.self)
                == #"<div title="a > b" data-key="k &quot;1&quot;"><p class="x">t</p></div>"#)
        var void = HTMLBuffer()
        void.raw(Array(#"<img src="a.svg">"#.utf8), addingToRoot: .custom("data-key", "k"))
        #expect(String(decoding: void.bytes, as: UTF8.self) == #"<img src="a.svg" data-key="k">"#)
        var text = HTMLBuffer()
        text.raw(Array("just text".utf8), addingToRoot: .custom("data-key", "k"))
        #expect(String(decoding: text.bytes, as: UTF8.self) == "just text")
    }
}

@Suite struct HTMLBufferDecoratingRootTests {
    private struct Card: HTMLComponent {
        func render(into html: inout HTMLBuffer) {
            html.element(.div, .class("card"), .title("a > b")) { html in html.element(.p, text: "x") }
        }
    }

    @Test func attributesMadeFromTheRenderedMarkupGoOnItsRoot() {
        var html = HTMLBuffer(capacity: 64)  // small: the insertion must grow it
        html.text("before ")
        var seen = ""
        html.render(Card()) { markup in
            seen = String(decoding: markup, as: UTF8.self)
            return HTMLAttributes(.custom("data-bytes", integer: markup.count), .custom("data-key", #"k "1""#))
        }
        html.text(" after")
        let card = #"<div class="card" title="a > b"><p>x</p></div>"#
        #expect(seen == card, "the closure reads the component's own markup, nothing before it")
        #expect(
            String(decoding: html.bytes, as: UTF8.self)
                == #"before <div class="card" title="a > b" data-bytes="\#(card.utf8.count)" data-key="k &quot;1&quot;"><p>x</p></div> after"#
        )
    }

    @Test func noAttributesLeaveTheMarkupAsRendered() {
        var html = HTMLBuffer()
        html.render(Card()) { _ in .none }
        #expect(String(decoding: html.bytes, as: UTF8.self) == #"<div class="card" title="a > b"><p>x</p></div>"#)
    }
}
