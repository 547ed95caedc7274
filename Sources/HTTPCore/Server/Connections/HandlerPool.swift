import Basics
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A fixed set of threads that runs the server's deferred handlers: their tasks prefer this executor,
/// so the code they await (and the default actors they call) runs here, on exactly as many threads as
/// asked for however busy they are (a handler blocks briefly in the kernel to resume its connection,
/// which would make the global pool add threads).
///
/// ```swift
/// let pool = HandlerPool(threads: 2, name: "handler")
/// Task(executorPreference: pool) { await work() }
/// pool.stop()  // runs what is queued, then joins the threads
/// ```
///
/// - Important: Thread-safe. After `stop`, jobs still arriving go to the global concurrent executor,
///   so no task is ever stranded.
package final class HandlerPool: TaskExecutor, @unchecked Sendable {
    // @unchecked: `available` is a semaphore at a fixed address, used only through `sem_*`, which are
    // thread-safe; `threads` is written once in `init` and read once in `stop`, under `state`'s lock.

    private struct State {
        var jobs: [UnownedJob] = []
        /// The index of the next job to run; the array is compacted when most of it has been run.
        var head = 0
        var isStopped = false
        var threads: [pthread_t] = []

        mutating func pop() -> UnownedJob? {
            guard head < jobs.count else { return nil }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64 && head * 2 >= jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            return job
        }
    }

    private let state = Mutex(State())
    /// Counts jobs queued (and, at the end, the wake-ups that tell the threads to finish).
    private let available: UnsafeMutablePointer<sem_t>
    package let threadCount: Int

    /// Starts `threads` threads named `name-0`, `name-1`, … (as `top -H` and `/proc` show them), and
    /// returns once they are running.
    package init(threads: Int, name: String) {
        threadCount = max(1, threads)
        available = .allocate(capacity: 1)
        sem_init(available, 0, 0)
        var started: [pthread_t] = []
        for index in 0..<threadCount {
            // Each thread holds the pool until it ends.
            guard let thread = NamedThread.start(name: "\(name)-\(index)", { [self] in run() }) else {
                preconditionFailure("cannot start handler thread \(index): \(errno)")
            }
            started.append(thread)
        }
        state.withLock { $0.threads = started }
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let accepted = state.withLock { state in
            guard !state.isStopped else { return false }
            state.jobs.append(job)
            return true
        }
        if accepted {
            sem_post(available)
        } else {
            globalConcurrentExecutor.enqueue(job)
        }
    }

    /// Runs the jobs already queued, then ends and joins the threads. Later calls do nothing.
    package func stop() {
        let threads = state.withLock { state -> [pthread_t] in
            guard !state.isStopped else { return [] }
            state.isStopped = true
            return state.threads
        }
        for _ in threads {
            sem_post(available)
        }
        for thread in threads {
            // A pool thread that stops the pool (dropping the last reference to a server, say) cannot join
            // itself: it ends on its own once it returns to its loop.
            if pthread_equal(thread, pthread_self()) != 0 {
                pthread_detach(thread)
            } else {
                pthread_join(thread, nil)
            }
        }
    }

    /// A thread's loop: one job per wake-up, until woken with nothing queued after `stop`.
    fileprivate func run() {
        while true {
            while sem_wait(available) != 0 {}  // only EINTR interrupts it
            let job = state.withLock { state -> UnownedJob? in state.pop() }
            guard let job else { return }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    deinit {
        sem_destroy(available)
        available.deallocate()
    }
}
