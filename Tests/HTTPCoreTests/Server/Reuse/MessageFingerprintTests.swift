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

    /// A response's fingerprint, written at once, has the bytes that `append` writes part by part: for a
    /// three-digit status, any other, no headers, empty values and text beyond ASCII.
    @Test func aResponsesFingerprintIsItsPartsAppended() {
        var headers = HTTPHeaders()
        headers.add("Location", "/posts/p1?x=ä")
        headers.add("X-Empty", "")
        headers.add("Referrer-Policy", "same-origin")
        for (status, fields) in [(303, headers), (204, HTTPHeaders()), (42, headers), (1_000, headers)] {
            var parts = [String(status)]
            for field in fields {
                parts += [field.name, field.value]
            }
            let written = MessageFingerprint(status: status, headers: fields)
            #expect(written.bytes == fingerprint(parts).bytes, "status \(status)")
            #expect(written == fingerprint(parts))
        }
        #expect(MessageFingerprint(status: 303, headers: headers) != MessageFingerprint(status: 302, headers: headers))
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
