import Testing

@testable import Components

/// A render that leaves out what a browser holds as one `<template data-kept>`: found where it is, and the
/// patch found from two such short renders is the one the whole renders have.
@Suite struct HTMLKeptRunTests {
    private func bytes(_ markup: String) -> [UInt8] { Array(markup.utf8) }

    private func entry(_ number: Int) -> String {
        #"<li class="c"><form action="/components/avatar/tap"><input type="hidden" name="uid" value="u\#(number)">"#
            + #"<button>U\#(number)</button></form><p>Text \#(number)</p></li>"#
    }

    /// A box of `count` entries, sending or not; `held` of them written as one kept run.
    private func box(_ count: Int, sending: Bool = false, held: Int = 0) -> String {
        let run = held > 0 ? #"<template data-kept="\#(held)">"# + entry(held) + "</template>" : ""
        let entries = (held + 1...max(held + 1, count)).prefix(count - held).map(entry).joined()
        return #"<section id="b"\#(sending ? #" aria-busy="true""# : "")><h2>\#(count) entries</h2><ol>"#
            + run + entries
            + #"<li class="c"\#(sending ? "" : " hidden")><p>Sending</p></li></ol>"#
            + #"<form action="/components/box/send"><input type="hidden" name="key" value="k"><textarea"#
            + (sending ? " readonly" : "") + #"></textarea><button\#(sending ? " disabled" : "")>Send</button></form>"#
            + "</section>"
    }

    @Test func aRunIsFoundWithItsIndexWhatItHoldsAndItsBytes() throws {
        let markup = box(5, held: 4)
        let run = try #require(markup.utf8.withContiguousStorageIfAvailable { HTMLKeptRun.find(in: $0) } ?? nil)
        #expect(run.index == 3, "section, h2, ol, then the template")
        #expect(run.inner == 5, "li, form, input, button, p: and nothing else")
        let text = String(decoding: bytes(markup)[run.bytes], as: UTF8.self)
        #expect(text == #"<template data-kept="4">"# + entry(4) + "</template>")
        // None, two, or a template that is not a kept run.
        for other in [
            box(5),
            box(5, held: 4).replacingOccurrences(of: "<ol>", with: #"<ol><template data-kept="1"><i></i></template>"#),
            "<div><template><p>x</p></template></div>",
        ] {
            #expect(other.utf8.withContiguousStorageIfAvailable { HTMLKeptRun.find(in: $0) } ?? nil == nil, "\(other)")
        }
    }

    @Test func thePatchFromShortRendersIsTheWholeRendersPatch() throws {
        for count in [1, 2, 7, 40] {
            let whole = bytes(box(count))
            let expected = try #require(HTMLPatch(from: whole, to: bytes(box(count, sending: true)))).encoded
            let found = whole.withUnsafeBufferPointer {
                HTMLKeptRun.patch(
                    in: $0, from: bytes(box(count, held: count)), to: bytes(box(count, sending: true, held: count)),
                    formsUnder: "/components/box/")
            }
            #expect(found == expected, "\(count) entries")
        }
    }

    @Test func noPatchWhereTheShortRenderIsNotTheWholeOneOrWhatItLeftOutMatters() {
        func patch(
            _ whole: String, _ short: String, _ next: String, under prefix: String = "/components/box/"
        )
            -> String?
        {
            bytes(whole).withUnsafeBufferPointer {
                HTMLKeptRun.patch(in: $0, from: bytes(short), to: bytes(next), formsUnder: prefix)
            }
        }
        let (short, next) = (box(3, held: 3), box(3, sending: true, held: 3))
        #expect(patch(box(3), short, next) != nil)
        // Other bytes around the run than the whole render's.
        #expect(patch(box(3).replacingOccurrences(of: "3 entries", with: "4 entries"), short, next) == nil)
        #expect(patch(box(3).replacingOccurrences(of: "Send<", with: "Post<"), short, next) == nil)
        // What it left out holds one of the root's own forms (their states would be missed).
        #expect(patch(box(3), short, next, under: "/components/avatar/") == nil)
        // A change inside the run, which stands for elements the patch cannot name.
        let changedRun = next.replacingOccurrences(of: "<p>Text 3</p>", with: "<p>Changed</p>")
        #expect(patch(box(3), short, changedRun) == nil)
        // Short renders with no patch between them (another element).
        #expect(patch(box(3), short, next.replacingOccurrences(of: "<h2>", with: "<h2><b></b>")) == nil)
    }
}
