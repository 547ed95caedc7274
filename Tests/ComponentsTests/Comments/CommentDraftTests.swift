import Components
import Testing

/// What a comment's text may be, counted as Swift counts characters, and what a key may be.
@Suite struct CommentDraftTests {
    @Test func fiveHundredCharactersAreKeptAndFiveHundredOneAreNot() {
        #expect(CommentDraft.problem(with: String(repeating: "a", count: 500)) == nil)
        #expect(
            CommentDraft.problem(with: String(repeating: "a", count: 501))
                == "A comment has at most 500 characters; this one has 501.")
    }

    @Test func aCombiningSequenceIsOneCharacter() {
        let accented = "e\u{301}"  // é as e and a combining acute: two scalars, one Character
        #expect(accented.unicodeScalars.count == 2)
        #expect(CommentDraft.problem(with: String(repeating: accented, count: 500)) == nil)
        #expect(CommentDraft.problem(with: String(repeating: accented, count: 501)) != nil)
        let family = "👩‍👩‍👧‍👦"
        #expect(CommentDraft.problem(with: String(repeating: family, count: 500)) == nil)
    }

    @Test func emptyOrBlankTextIsRefused() {
        for blank in ["", " ", "\n\t \n", "\u{3000}"] {
            #expect(CommentDraft.problem(with: blank) == "Write something before sending: the comment is empty.")
        }
    }

    @Test func controlCharactersButLineBreaksAndTabsAreRefused() {
        #expect(CommentDraft.problem(with: "line one\nline\ttwo") == nil)
        #expect(
            CommentDraft.problem(with: "a\u{0}b")
                == "The comment holds the control character U+0000, which a comment may not hold.")
        #expect(CommentDraft.problem(with: "a\u{7F}b")?.contains("U+007F") == true)
        #expect(CommentDraft.problem(with: "a\u{85}b")?.contains("U+0085") == true, "C1 controls too")
        #expect(CommentDraft.problem(with: "a\u{202E}b") == nil, "a bidi override is text, rendered isolated")
    }

    @Test func lineBreaksAreKeptAsLineFeeds() {
        #expect(CommentDraft.normalized("one\r\ntwo\rthree\nfour") == "one\ntwo\nthree\nfour")
        #expect(CommentDraft.problem(with: CommentDraft.normalized("one\r\ntwo")) == nil)
        let crlf = String(repeating: "a\r\n", count: 250)  // 250 "a" and 250 line breaks
        #expect(CommentDraft.problem(with: CommentDraft.normalized(crlf)) == nil)
    }

    @Test func refusedControlsAreShownAsReplacementCharacters() {
        #expect(CommentDraft.displayable("a\u{0}b\nc") == "a\u{FFFD}b\nc")
        #expect(CommentDraft.displayable("plain") == "plain")
    }

    @Test func keysAreEightToSixtyFourOfTheSafeCharacters() {
        #expect(CommentDraft.isValidKey("abcdEFGH"))
        #expect(CommentDraft.isValidKey(String(repeating: "a-_9", count: 16)))
        #expect(!CommentDraft.isValidKey("abcdEFG"))
        #expect(!CommentDraft.isValidKey(String(repeating: "a", count: 65)))
        #expect(!CommentDraft.isValidKey("abcd efgh"))
        #expect(!CommentDraft.isValidKey("abcdéfgh"))
    }
}
