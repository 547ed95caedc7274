#if canImport(Glibc)
    import Glibc
#endif

/// Threads of our own (the connection acceptor, the handler pool), named as `top -H` and
/// `/proc` show them.
///
/// ```swift
/// let thread = NamedThread.start(name: "acceptor") { acceptor.run() }   // running when it returns
/// …
/// pthread_join(thread!, nil)
/// ```
package enum NamedThread {
    /// Starts a thread named `name` (at most 15 bytes are kept) that runs `body`, and returns once it
    /// runs.
    ///
    /// - Returns: The thread, to join or detach; `nil` when it could not be started.
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let start = Start(name: name, body: body)
        let context = Unmanaged.passRetained(start).toOpaque()  // taken back by the thread
        var thread = pthread_t()
        guard pthread_create(&thread, nil, namedThreadMain, context) == 0 else {
            Unmanaged<Start>.fromOpaque(context).release()
            return nil
        }
        while sem_wait(start.running) != 0 {}  // only EINTR interrupts it
        return thread
    }

    /// Names the calling thread (at most 15 bytes are kept) by writing its `comm` file.
    package static func nameCurrent(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY)
        guard descriptor >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}

/// What a new thread needs; `running` tells `start` that it runs.
private final class Start {
    let name: String
    let body: @Sendable () -> Void
    let running = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
        sem_init(running, 0, 0)
    }

    deinit {
        sem_destroy(running)
        running.deallocate()
    }
}

private func namedThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
    NamedThread.nameCurrent(start.name)
    let body = start.body
    sem_post(start.running)  // `start` stays alive until this thread lets go of it
    body()
    return nil
}
