@_exported import HTTPWire

/// A plain TCP connection for tests that need exact bytes on the wire (`HTTPConnection`, to
/// `127.0.0.1`).
package typealias RawConnection = HTTPConnection
