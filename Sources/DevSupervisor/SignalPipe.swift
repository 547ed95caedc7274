import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `SIGINT`, `SIGTERM` and `SIGCHLD` as bytes on a pipe, so that one `poll` loop waits for signals,
/// files and children alike.
///
/// - Important: Create it on the main thread before any other thread starts: it blocks the three signals
///   for the process (threads inherit the mask), and one Dispatch thread takes them with `sigwait`.
final class SignalPipe: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32

    init() {
        var set = Self.signals()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "cannot create the signal pipe")
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        readEnd = ends[0]
        writeEnd = ends[1]
        let writeEnd = ends[1]
        DispatchQueue(label: "SignalPipe").async {
            var set = Self.signals()
            while true {
                var received: Int32 = 0
                guard sigwait(&set, &received) == 0 else { continue }
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(writeEnd, &byte, 1)
            }
        }
    }

    /// The signals that arrived since the last call (each once per arrival; `SIGCHLD`s may merge).
    func take() -> [Int32] {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        return count > 0 ? bytes[..<count].map(Int32.init) : []
    }

    private static func signals() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGCHLD] { sigaddset(&set, signal) }
        return set
    }
}
