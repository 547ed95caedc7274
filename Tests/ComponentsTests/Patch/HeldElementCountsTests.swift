import Testing

@testable import Components

/// What a root left out for the browser is counted once: a region that begins with the bytes counted
/// before (a thread one comment longer) adds the count of the rest, and only bytes that end where a token
/// does are kept to count on from.
@Suite struct HeldElementCountsTests {
    private static let prefix = "/components/box/"

    private func entry(_ number: Int) -> String {
        #"<li class="c"><form action="/components/avatar/tap"><input type="hidden" name="uid" value="u\#(number)">"#
            + #"<button>U\#(number)</button></form><p title='a "quoted" > value'>Text \#(number)</p></li>"#
    }

    private func scanned(_ markup: String, under prefix: String = prefix) -> Int? {
        Array(markup.utf8).withUnsafeBufferPointer { HTMLKeptRun.elements(in: $0, formsUnder: prefix) }
    }

    private func counted(
        _ markup: String, by counts: HeldElementCounts, key: String = "p1", under prefix: String = prefix
    ) -> Int? {
        Array(markup.utf8).withUnsafeBufferPointer { counts.elements(in: $0, formsUnder: prefix, key: key) }
    }

    @Test func aGrowingRegionCountsOnFromWhatWasCountedAndAgreesWithAWholeScan() {
        let counts = HeldElementCounts()
        var region = ""
        for number in 1...30 {
            region += entry(number)
            #expect(counted(region, by: counts) == scanned(region), "\(number) entries")
            #expect(scanned(region) == 5 * number)
        }
        #expect(counts.statistics.hits == 29, "every count but the first began with the one before")
        #expect(counts.statistics.kept == 1)
        // The same region again: its count, with nothing new to scan.
        #expect(counted(region, by: counts) == 150)
    }

    /// Bytes that end inside a tag, a comment, a raw text or on a `<` go on in the bytes after them: the
    /// count of the two is not the sum of each counted alone, so they are not kept to count on from.
    @Test func bytesThatEndInsideATokenAreNotCountedOnFrom() {
        let cases: [(String, String)] = [
            (#"<p>a</p><script>"#, #"<b></b></script><i></i>"#),
            (#"<p title="x>"#, #"<b>" class="y"><i></i>"#),
            (#"<!-- a"#, #"<b></b>--><i></i>"#),
            (#"<p>a</p><"#, #"b></b>"#),
            (#"<textarea>abc"#, #"<b></b></textarea><i></i>"#),
            (#"<p>a</p><scr"#, #"ipt>x<b></b></script>"#),
        ]
        for (first, rest) in cases {
            let alone = (scanned(first) ?? 0) + (scanned(rest) ?? 0)
            #expect(alone != scanned(first + rest), "the case shows what a sum would get wrong: \(first)")
            let ends = Array(first.utf8).withUnsafeBufferPointer {
                HTMLKeptRun.count(in: $0, formsUnder: nil).endsAtAToken
            }
            #expect(!ends, "\(first)")
            let counts = HeldElementCounts()
            _ = counted(first, by: counts)
            #expect(counts.statistics.kept == 0, "\(first)")
            #expect(counted(first + rest, by: counts) == scanned(first + rest), "\(first)")
        }
        for ending in ["<p>a</p>", "<p>a</p> text", "<br>", "<!-- a -->", "<script>x</script>", "a < b"] {
            let ends = Array(ending.utf8).withUnsafeBufferPointer {
                HTMLKeptRun.count(in: $0, formsUnder: nil).endsAtAToken
            }
            #expect(ends, "\(ending)")
        }
    }

    @Test func aRegionThatDoesNotBeginWithWhatWasCountedIsCountedWhole() {
        let counts = HeldElementCounts()
        let first = entry(1) + entry(2)
        #expect(counted(first, by: counts) == 10)
        // Other bytes at the start, as long or longer: counted whole.
        let other = "<div><i></i></div>" + entry(1) + entry(2) + entry(3)
        #expect(counted(other, by: counts) == scanned(other))
        let shorter = entry(1)
        #expect(counted(shorter, by: counts) == 5)
        // Another root's key counts on from its own.
        #expect(counted(first + entry(3), by: counts, key: "p2") == 15)
    }

    @Test func aFormOfTheRootsOwnInTheRegionOrItsRestIsNoCount() {
        let counts = HeldElementCounts()
        let region = entry(1) + entry(2)
        #expect(counted(region, by: counts) == 10)
        // Kept under one prefix, not used for another: the avatar's own forms are in the bytes kept.
        #expect(counted(region + entry(3), by: counts, under: "/components/avatar/") == nil)
        #expect(counted(region + entry(3), by: counts) == 15)
        let own = #"<form action="/components/box/send"><button>Send</button></form>"#
        #expect(counted(region + entry(3) + own, by: counts) == nil)
        #expect(counted(region + entry(3) + entry(4), by: counts) == 20, "what was kept still counts")
    }
}
