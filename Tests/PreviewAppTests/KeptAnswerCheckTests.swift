import Basics
import ComponentTesting
import Components
import Demo
import HTTPCore
import HTTPTesting
import PreviewApp
import Testing

/// An answer that leaves out what the browser holds, put back from the root the browser held, is the
/// whole answer: the check passes on the demo's comment box and names each kind of fault planted in it.
@Suite struct KeptAnswerCheckTests {
    /// The comment box's root after a send, then the answer to the same send again with and without
    /// `X-Self-Managed-Kept` (the demo's example send, as the check sends it).
    private func answers() async throws -> (held: [UInt8], kept: [UInt8], whole: [UInt8]) {
        var results: [[UInt8]] = []
        for keeps in [true, false] {
            // One clock for both: the comment's time is the same in each.
            var options = PreviewOptions()
            options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0, seed: 7)
            let app = try Application(
                options: options,
                clock: { Timestamp(millisecondsSince1970: 1_795_000_000_000) }, components: { Demo.modules($0) })
            var headers = HTTPHeaders()
            headers["Cookie"] = "viewer=keptanswertest"
            headers["HX-Request"] = "true"
            headers["X-Simulate-Failure"] = "never"
            let body = "post=p1&text=An+example+comment.&key=example-key-1"
            let first = try await app.responder.test(.post, "/components/comment/send", headers: headers, body: body)
            if keeps {
                results.append(first.body)
                headers["X-Self-Managed-Kept"] = "true"
            }
            results.append(
                try await app.responder.test(.post, "/components/comment/send", headers: headers, body: body).body)
        }
        return (results[0], results[1], results[2])
    }

    @Test func theDemoPassesAndItsCommentBoxIsChecked() async throws {
        #expect(try await KeptAnswerCheck.problems { Demo.modules($0) } == [])
        let (held, kept, whole) = try await answers()
        #expect(String(decoding: kept, as: UTF8.self).contains(#"<template data-kept="4">"#))
        #expect(KeptAnswerCheck.problem(held: held, kept: kept, whole: whole) == nil)
    }

    @Test func eachFaultIsNamed() async throws {
        let (held, kept, whole) = try await answers()
        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        func replacing(_ bytes: [UInt8], _ old: String, _ new: String) -> [UInt8] {
            let before = text(bytes)
            #expect(before.contains(old), "\(old)")
            return Array(before.replacingOccurrences(of: old, with: new).utf8)
        }
        // The heading of the whole answer says another count than the kept one.
        #expect(
            KeptAnswerCheck.problem(held: held, kept: kept, whole: replacing(whole, "4 comments", "5 comments"))
                == "the answer around its kept run is not the whole answer's")
        // The root held shows other comments.
        #expect(
            KeptAnswerCheck.problem(
                held: replacing(held, "Show me the punched cards.", "Other."), kept: kept, whole: whole)
                == "what its kept run stands for is not in the root held before")
        // The template holds another element than the last it stands for.
        let run = text(kept).components(separatedBy: "<template")[1].components(separatedBy: "</template>")[0]
        #expect(
            KeptAnswerCheck.problem(
                held: held, kept: replacing(kept, run, run.replacingOccurrences(of: "An example comment.", with: "X")),
                whole: whole) == "the last element it stands for is not the one inside it")
        // A patch not renumbered.
        let patch = text(kept).components(separatedBy: #"data-optimistic=""#)[1].components(separatedBy: "\"")[0]
        let wrong = patch.replacingOccurrences(of: "|=readonly|", with: "|=hidden|")
        #expect(
            KeptAnswerCheck.problem(held: held, kept: replacing(kept, patch, wrong), whole: whole)
                == "its data-optimistic renumbered is not the whole answer's")
        // Nothing kept: nothing to check.
        #expect(KeptAnswerCheck.problem(held: held, kept: whole, whole: whole) == nil)
    }
}
