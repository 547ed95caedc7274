import Basics
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The one read loop: to the end of a file, to what a non-blocking pipe has waiting, and no further than
/// its limit.
@Suite struct ReadAllTests {
    private func pipe(nonBlocking: Bool) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        #expect(Glibc.pipe(&ends) == 0)
        if nonBlocking {
            _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }

    private func write(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { buffer in _ = Glibc.write(fd, buffer.baseAddress, buffer.count) }
    }

    @Test func itReadsToTheEndOfTheFileAcrossChunks() {
        let (readEnd, writeEnd) = pipe(nonBlocking: false)
        let payload = (0..<40_000).map { UInt8(truncatingIfNeeded: $0) }
        write(payload, to: writeEnd)
        close(writeEnd)
        var bytes: [UInt8] = [1, 2]
        #expect(readAll(readEnd, appendingTo: &bytes) == .endOfFile)
        #expect(bytes == [1, 2] + payload)
        close(readEnd)
    }

    @Test func aNonBlockingPipeStopsAtWhatIsWaiting() {
        let (readEnd, writeEnd) = pipe(nonBlocking: true)
        write(Array("first".utf8), to: writeEnd)
        var bytes: [UInt8] = []
        #expect(readAll(readEnd, appendingTo: &bytes) == .wouldBlock)
        #expect(bytes == Array("first".utf8))
        write(Array(" second".utf8), to: writeEnd)
        close(writeEnd)
        #expect(readAll(readEnd, appendingTo: &bytes) == .endOfFile)
        #expect(String(decoding: bytes, as: UTF8.self) == "first second")
        close(readEnd)
    }

    @Test func itStopsPastItsLimitAndReportsAFailedRead() {
        let (readEnd, writeEnd) = pipe(nonBlocking: false)
        write([UInt8](repeating: 7, count: 100), to: writeEnd)
        close(writeEnd)
        var bytes: [UInt8] = []
        #expect(readAll(readEnd, appendingTo: &bytes, limit: 10) == .tooLarge)
        close(readEnd)
        // Not the closed descriptor: another test may have been given its number since.
        #expect(readAll(-1, appendingTo: &bytes) == .failed(errno: EBADF))
    }
}
