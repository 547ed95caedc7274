import Basics
import Components
import HTTPCore
import HTTPTesting
import PreviewApp

/// The promise of a model that leaves out of an answer what the browser holds
/// (`SelfManagedModel.answer`), checked for any set of modules: each example tap of every stateful
/// component is sent twice, committed, with `HX-Request`, to two apps alike; the second time one asks
/// with `X-Self-Managed-Kept: true` and the other without. Where the first answers with a kept run
/// (`<template data-kept="N">`), that run put back from the first answer (what the browser held) must
/// give the second app's whole answer byte for byte, its `data-optimistic` renumbered as the browser
/// script renumbers it.
///
/// ```swift
/// @Test func answersThatLeaveOutArePutBackWhole() async throws {
///     #expect(try await KeptAnswerCheck.problems { MyComponents.modules($0) } == [])
/// }
/// ```
public enum KeptAnswerCheck {
    /// What went wrong, one line each; empty when every answer that leaves out puts back whole.
    public static func problems(
        options: PreviewOptions = PreviewOptions(),
        components: @escaping (ComponentContext) -> [any ComponentModule]
    ) async throws -> [String] {
        let clock: @Sendable () -> Timestamp = { Timestamp(millisecondsSince1970: 1_795_000_000_000) }
        var problems: [String] = []
        // Two apps alike, sent the same requests but for the header.
        let apps = try (0..<2).map { _ in
            try Application(options: options.forChecks, clock: clock, components: components)
        }
        for module in apps[0].modules {
            for tap in module.checkedTaps {
                var headers = HTTPHeaders()
                headers["Cookie"] = "\(Viewer.cookieName)=keptanswercheck"
                headers["HX-Request"] = "true"
                headers["X-Simulate-Failure"] = "never"
                var answers: [[UInt8]] = []
                for (app, keeps) in zip(apps, [true, false]) {
                    let first = try await app.responder.test(.post, tap.path, headers: headers, body: tap.body)
                    var asking = headers
                    if keeps { asking["X-Self-Managed-Kept"] = "true" }
                    let second = try await app.responder.test(.post, tap.path, headers: asking, body: tap.body)
                    guard first.status == .ok, second.status == .ok else { continue }
                    answers += keeps ? [first.body, second.body] : [second.body]
                }
                guard answers.count == 3 else { continue }
                if let problem = problem(held: answers[0], kept: answers[1], whole: answers[2]) {
                    problems.append("POST \(tap.path) \(tap.body) asked with X-Self-Managed-Kept: \(problem)")
                }
            }
        }
        return problems
    }

    /// Why `kept` (an answer with a kept run) does not put back to `whole` from `held` (the root the
    /// browser held), or `nil` when it does (or has no run to put back).
    package static func problem(held: [UInt8], kept: [UInt8], whole: [UInt8]) -> String? {
        guard let run = kept.withUnsafeBufferPointer({ HTMLKeptRun.find(in: $0) }) else {
            return contains(kept, Array("data-kept".utf8)) ? "a kept run that is not one template" : nil
        }
        let (plainKept, plainWhole) = (withoutPatch(kept), withoutPatch(whole))
        let cut = kept.count - plainKept.count  // the patch is in the root's start tag, before the run
        let start = run.bytes.lowerBound - cut
        let tail = kept.count - run.bytes.upperBound
        guard start >= 0, plainWhole.count >= start + tail,
            plainWhole[..<start] == plainKept[..<start],
            plainWhole[(plainWhole.count - tail)...] == plainKept[(plainKept.count - tail)...]
        else { return "the answer around its kept run is not the whole answer's" }
        let putBack = Array(plainWhole[start..<(plainWhole.count - tail)])
        guard contains(held, putBack) else { return "what its kept run stands for is not in the root held before" }
        let last = Array(kept[run.bytes])
        guard let open = last.firstIndex(of: UInt8(ascii: ">")),
            putBack.ends(with: last[(open + 1)..<(last.count - "</template>".utf8.count)])
        else { return "the last element it stands for is not the one inside it" }
        guard let patch = patchText(kept).flatMap(HTMLPatch.init(encoded:)) else {
            return patchText(whole) == nil ? nil : "no data-optimistic where the whole answer has one"
        }
        let held = putBack.withUnsafeBufferPointer { HTMLKeptRun.elements(in: $0) } ?? 0
        guard let moved = run.renumbered(patch, holding: held) else {
            return "its data-optimistic changes its kept run"
        }
        return patchText(whole) == moved.encoded ? nil : "its data-optimistic renumbered is not the whole answer's"
    }

    private static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard !part.isEmpty, part.count <= bytes.count else { return part.isEmpty }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }

    private static let patchAttribute = Array(#" data-optimistic=""#.utf8)

    /// The root's `data-optimistic` as written (its `&amp;` and `&quot;` decoded), or `nil`.
    private static func patchText(_ bytes: [UInt8]) -> String? {
        guard let range = patchRange(bytes) else { return nil }
        return String(
            decoding: bytes[(range.lowerBound + patchAttribute.count)..<(range.upperBound - 1)], as: UTF8.self
        )
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func withoutPatch(_ bytes: [UInt8]) -> [UInt8] {
        guard let range = patchRange(bytes) else { return bytes }
        return Array(bytes[..<range.lowerBound] + bytes[range.upperBound...])
    }

    /// The bytes of ` data-optimistic="…"` in the root's start tag.
    private static func patchRange(_ bytes: [UInt8]) -> Range<Int>? {
        guard let end = bytes.firstIndex(of: UInt8(ascii: ">")), end >= patchAttribute.count else { return nil }
        guard
            let start = (0...(end - patchAttribute.count)).first(where: {
                bytes[$0..<($0 + patchAttribute.count)].elementsEqual(patchAttribute)
            }), let close = bytes[(start + patchAttribute.count)...].firstIndex(of: UInt8(ascii: "\""))
        else { return nil }
        return start..<(close + 1)
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: ArraySlice<UInt8>) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
