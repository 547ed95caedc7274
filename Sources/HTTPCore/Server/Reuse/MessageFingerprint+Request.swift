import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

extension MessageFingerprint {
    /// The request on `connection` as reuse matches it: method, target, version and every header, in the
    /// order and with the bytes the client sent.
    init(request connection: OpaquePointer, method: String, target: String, version: UnsafePointer<CChar>?) {
        self.init()
        append(method)
        append(target)
        if let version {
            append(UnsafeRawBufferPointer(start: version, count: strlen(version)))
        }
        withUnsafeMutablePointer(to: &self) { pointer in
            _ = MHD_get_connection_values_n(connection, MHD_ValueKind.HEADER_KIND, appendHeader, pointer)
        }
        finish()
    }
}

/// Appends each request header (name, then value) to a `MessageFingerprint` passed as `cls`.
private let appendHeader: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
    guard let cls else { return MHD_Result.YES }
    let fingerprint = cls.assumingMemoryBound(to: MessageFingerprint.self)
    fingerprint.pointee.append(UnsafeRawBufferPointer(start: key, count: key == nil ? 0 : keySize))
    fingerprint.pointee.append(UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize))
    return MHD_Result.YES
}
