import Synchronization

/// The connections a server holds, counted against its limit: one more when the acceptor hands one over,
/// one less when libmicrohttpd reports it closed. At the limit the acceptor takes no more: they wait in the
/// socket's backlog until a connection closes.
final class ConnectionAdmission: Sendable {
    let limit: Int
    private let admitted = Atomic<Int>(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts one more connection (the acceptor checks `hasRoom` first; it is the only one that admits).
    func admit() {
        admitted.add(1, ordering: .relaxed)
    }

    /// Connections handed over and not yet closed (or refused).
    var count: Int {
        admitted.load(ordering: .relaxed)
    }

    var hasRoom: Bool {
        admitted.load(ordering: .relaxed) < limit
    }

    func release() {
        admitted.subtract(1, ordering: .relaxed)
    }
}
