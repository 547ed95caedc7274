import Testing

@testable import HTTPCore

@Suite struct MessageFingerprintTests {
    private func fingerprint(_ parts: [String]) -> MessageFingerprint {
        var fingerprint = MessageFingerprint()
        for part in parts { fingerprint.append(part) }
        fingerprint.finish()
        return fingerprint
    }

    private let request = ["GET", "/feed?x=1", "HTTP/1.1", "Host", "127.0.0.1:8080", "Cookie", "viewer=v1"]

    @Test func theSameRequestHasTheSameFingerprint() {
        #expect(fingerprint(request) == fingerprint(request))
        #expect(fingerprint(request).hash == fingerprint(request).hash)
        #expect(Set([fingerprint(request), fingerprint(request)]).count == 1)
    }

    @Test func anyDifferenceInAnyPartMakesAnotherFingerprint() {
        let original = fingerprint(request)
        for index in request.indices {
            var changed = request
            changed[index] += "x"
            #expect(fingerprint(changed) != original, "part \(index)")
            var dropped = request
            dropped[index].removeLast()
            #expect(fingerprint(dropped) != original, "part \(index)")
        }
        // One more header, or the same headers in another order.
        #expect(fingerprint(request + ["Accept", "*/*"]) != original)
        #expect(fingerprint(Array(request[..<3]) + Array(request[5...]) + Array(request[3..<5])) != original)
    }

    @Test func partsCannotRunIntoEachOther() {
        #expect(fingerprint(["ab", "c"]) != fingerprint(["a", "bc"]))
        #expect(fingerprint(["abc", ""]) != fingerprint(["", "abc"]))
        #expect(fingerprint(["abc"]) != fingerprint(["abc", ""]))
        #expect(fingerprint([]) == fingerprint([]))
    }

    @Test func hashesOfManyTargetsDiffer() {
        // Every length up to well past one eight-byte word, and many similar targets.
        var hashes = Set<UInt64>()
        for length in 0..<40 {
            hashes.insert(fingerprint(["GET", String(repeating: "a", count: length)]).hash)
        }
        for index in 0..<5_000 {
            hashes.insert(fingerprint(["GET", "/posts/p\(index)", "HTTP/1.1"]).hash)
        }
        #expect(hashes.count == 5_040)
    }
}
