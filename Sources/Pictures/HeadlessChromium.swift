import Basics
import HTTPCore

#if canImport(Glibc)
    import Glibc
#endif

/// Debian's Chromium without a window, driven over `--remote-debugging-pipe`: the DevTools protocol as JSON
/// messages, each ended by a NUL byte, written to the browser's descriptor 3 and read from its descriptor 4.
/// No driver and no package from elsewhere: a pipe, JSON and base64.
///
/// ```swift
/// let chromium = try HeadlessChromium()
/// let picture = try chromium.shoot("http://127.0.0.1:8080/components/like/frame", width: 390)
/// chromium.close()
/// ```
///
/// - Important: One caller at a time: every call waits for its answer. Shoot in parallel with one browser
///   per thread.
package final class HeadlessChromium {
    /// Why the browser could not be started or did not do what it was asked.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package var message: String
        package var description: String { message }

        package init(_ message: String) {
            self.message = message
        }
    }

    /// The colour scheme a page is shown in (`prefers-color-scheme`).
    package enum ColorScheme: String, Sendable, CaseIterable {
        case light, dark
    }

    private let process: ChildProcess
    /// Where commands go (the browser's descriptor 3), and where answers and events come from (its 4).
    private let commands: Int32
    private let answers: Int32
    private let profile: String
    private var received: [UInt8] = []
    private var nextID = 1
    /// Events read while waiting for an answer, oldest first.
    private var events: [JSONValue] = []
    private var closed = false

    /// The Chromium on `PATH` (or at `executable`), started headless with a profile of its own that goes
    /// when it is closed.
    ///
    /// - Throws: `Failure` when there is no Chromium, or it does not start.
    package init(executable: String? = nil) throws(Failure) {
        guard let path = executable ?? Self.onPath("chromium") else {
            throw Failure("chromium is not installed (Debian's package `chromium`: apt-get install chromium)")
        }
        var template = Array("/tmp/preview-chromium-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Failure("cannot make a profile folder for chromium: \(String(cString: strerror(errno)))")
        }
        profile = String(cString: made)
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else {
            throw Failure("cannot make pipes for chromium: \(String(cString: strerror(errno)))")
        }
        // Ours alone: the browser gets its two ends as 3 and 4, and nothing else of ours. Each end is moved
        // above 4 first, so that handing one over as 3 cannot overwrite the other.
        toBrowser = toBrowser.map(Self.aboveFour)
        fromBrowser = fromBrowser.map(Self.aboveFour)
        let arguments = [
            "--headless=new", "--no-sandbox", "--remote-debugging-pipe", "--user-data-dir=" + profile,
            "--disable-gpu", "--hide-scrollbars", "--mute-audio", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-background-networking", "--disable-sync", "--force-color-profile=srgb",
            "--force-device-scale-factor=1", "--font-render-hinting=none", "--disable-lcd-text",
            "--num-raster-threads=1", "--disable-partial-raster", "about:blank",
        ]
        // Its own messages (D-Bus, the GPU) say nothing about the pages: they go to /dev/null, not into the
        // output of the command that drives it. What goes wrong with a page comes back over the pipe.
        let quiet = Self.aboveFour(open("/dev/null", O_WRONLY | O_CLOEXEC))
        defer { Glibc.close(quiet) }
        do throws(ChildProcess.Failure) {
            process = try ChildProcess.spawn(
                path, arguments, descriptors: [(toBrowser[0], 3), (fromBrowser[1], 4), (quiet, 1), (quiet, 2)])
        } catch {
            for descriptor in toBrowser + fromBrowser { Glibc.close(descriptor) }
            throw Failure(error.message)
        }
        Glibc.close(toBrowser[0])
        Glibc.close(fromBrowser[1])
        commands = toBrowser[1]
        answers = fromBrowser[0]
    }

    deinit {
        close()
    }

    /// Asks `method` with `parameters` (of the page `session`, or of the browser) and returns the answer's
    /// `result`, waiting at most `timeout`.
    ///
    /// - Throws: `Failure` with the browser's error, or when it does not answer in time.
    @discardableResult
    package func call(
        _ method: String, _ parameters: [(String, JSONValue)] = [], session: String? = nil,
        timeout: Duration = .seconds(30)
    ) throws(Failure) -> JSONValue {
        let id = nextID
        nextID += 1
        var message: [(String, JSONValue)] = [
            ("id", .int(id)), ("method", .string(method)), ("params", .object(parameters)),
        ]
        if let session {
            message.append(("sessionId", .string(session)))
        }
        try write(JSONValue.object(message).encoded() + [0])
        let deadline = ContinuousClock.now + timeout
        while true {
            let next = try read(until: deadline, waitingFor: method)
            guard next["/id"] == .int(id) else {
                events.append(next)
                continue
            }
            if let error = next["/error/message"] {
                throw Failure("chromium refused \(method): \(Self.text(error))")
            }
            return next["/result"] ?? .object([])
        }
    }

    /// Waits for the event `method` of `session` (one read earlier counts), at most `timeout`.
    ///
    /// - Throws: `Failure` when it does not come in time.
    @discardableResult
    package func event(
        _ method: String, session: String?, timeout: Duration = .seconds(30)
    ) throws(Failure) -> JSONValue {
        func matches(_ event: JSONValue) -> Bool {
            event["/method"] == .string(method) && (session == nil || event["/sessionId"] == .string(session!))
        }
        if let index = events.firstIndex(where: matches) {
            return events.remove(at: index)
        }
        let deadline = ContinuousClock.now + timeout
        while true {
            let next = try read(until: deadline, waitingFor: method)
            if matches(next) {
                return next
            }
            events.append(next)
        }
    }

    /// Stops the browser and removes its profile. Calling it again does nothing.
    package func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(commands)  // the browser exits when its pipe closes
        var status: Int32 = 0
        let deadline = ContinuousClock.now + .seconds(5)
        while waitpid(process.pid, &status, WNOHANG) == 0 {
            if ContinuousClock.now > deadline {
                process.signalGroup(SIGKILL)
                waitpid(process.pid, &status, 0)
                break
            }
            usleep(10_000)  // a child's exit has no descriptor to wait on: look again in 10 ms
        }
        Glibc.close(answers)
        Self.remove(profile)
    }

    private func write(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(commands, $0.baseAddress, $0.count) }
            guard count > 0 else {
                if count < 0 && errno == EINTR { continue }
                throw Failure("chromium stopped listening: \(String(cString: strerror(errno)))")
            }
            offset += count
        }
    }

    /// The next message, read before `deadline`.
    private func read(until deadline: ContinuousClock.Instant, waitingFor method: String) throws(Failure) -> JSONValue {
        while true {
            if let end = received.firstIndex(of: 0) {
                let message = Array(received[..<end])
                received.removeSubrange(...end)
                do {
                    return try JSONValue(parsing: message)
                } catch {
                    throw Failure("chromium sent a message that is not JSON")
                }
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                throw Failure("chromium did not answer \(method) in time")
            }
            var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(clamping: left.wholeMilliseconds + 1))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(answers, $0.baseAddress, $0.count) }
            guard count > 0 else {
                if count < 0 && errno == EINTR { continue }
                throw Failure("chromium stopped (while waiting for \(method))")
            }
            received += buffer[..<count]
        }
    }

    /// `descriptor` as one numbered 10 or more, close-on-exec (the original closed).
    private static func aboveFour(_ descriptor: Int32) -> Int32 {
        let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, Int32(10))
        guard moved >= 0 else {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            return descriptor
        }
        Glibc.close(descriptor)
        return moved
    }

    private static func text(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return String(decoding: value.encoded(), as: UTF8.self)
    }

    private static func onPath(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = folder + "/" + name
            if access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Removes `folder` and what is in it.
    private static func remove(_ folder: String) {
        guard let directory = opendir(folder) else {
            unlink(folder)
            return
        }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let path = folder + "/" + name
            if entry.pointee.d_type == UInt8(DT_DIR) {
                remove(path)
            } else {
                unlink(path)
            }
        }
        closedir(directory)
        rmdir(folder)
    }
}
