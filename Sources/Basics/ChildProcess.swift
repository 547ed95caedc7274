#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn`, in a process group of its own (so that a build and all
/// the compilers it starts can be stopped together), with default signal handling and no blocked signals.
package struct ChildProcess: Sendable {
    /// Why a child could not be started.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    package let pid: pid_t

    /// Starts `executable` (a path) with `arguments` (without the program name).
    ///
    /// - Parameter descriptors: Descriptors to hand over, as (descriptor here, number in the child);
    ///   everything else the caller holds must be close-on-exec. Standard input is `/dev/null`.
    package static func spawn(
        _ executable: String, _ arguments: [String], descriptors: [(Int32, Int32)]
    ) throws(Failure) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (source, target) in descriptors {
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGCHLD, SIGPIPE, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else {
            throw Failure(message: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        return ChildProcess(pid: pid)
    }

    /// Sends `signal` to the child's whole process group.
    package func signalGroup(_ signal: Int32) {
        _ = kill(-pid, signal)
    }
}
