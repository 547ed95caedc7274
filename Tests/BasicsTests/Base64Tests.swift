import Basics
import Testing

@Suite struct Base64Tests {
    /// RFC 4648 §10's vectors.
    static let vectors: [(String, String)] = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ]

    @Test func theRFCsVectorsEncodeAndDecode() {
        for (plain, encoded) in Self.vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(Base64.decode(encoded) == Array(plain.utf8))
        }
    }

    @Test func everyByteRoundTrips() {
        let bytes = (0..<256).map(UInt8.init) + [255, 0, 128]
        #expect(Base64.decode(Base64.encode(bytes)) == bytes)
    }

    @Test func whatIsNotBase64IsNil() {
        for text in ["Zg=", "Zm9v!", "Z===", "Zg==Zg==", "=Zg=", "Zm 9v"] {
            #expect(Base64.decode(text) == nil, "\(text)")
        }
    }
}
