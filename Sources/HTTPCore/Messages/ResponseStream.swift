import Synchronization

/// A response body produced over time, such as server-sent events.
///
/// ```swift
/// let stream = ResponseStream()
/// stream.write(Array("data: hello\n\n".utf8))
/// var response = HTTPResponse(headers: ["Content-Type": "text/event-stream"])
/// response.stream = stream
/// ```
///
/// The server sends what is written as it arrives (chunked), holding no thread while the stream is idle.
///
/// - Important: Thread-safe. `onClose` handlers run once, when the client has gone, the stream was
///   finished and sent, or the server stops.
package final class ResponseStream: Sendable {
    private struct State {
        var buffer: [UInt8] = []
        var finished = false
        var closed = false
        /// Set while the server waits for data; called (once) by the next write or finish.
        var wake: (@Sendable () -> Void)?
        var closeHandlers: [@Sendable () -> Void] = []
    }

    /// What the server got when it asked for more of the body.
    enum Read {
        case bytes(Int)
        /// Nothing to send yet: `wake` will be called when there is.
        case wait
        case end
    }

    private let state = Mutex(State())

    package init() {}

    /// Queues bytes to send. Returns `false` when the stream is closed (the client has gone).
    @discardableResult
    package func write(_ bytes: [UInt8]) -> Bool {
        let wake: (@Sendable () -> Void)? = state.withLock { state in
            guard !state.closed && !state.finished else { return nil }
            state.buffer += bytes
            return state.wake.take()
        }
        wake?()
        return !isClosed
    }

    /// Ends the body once what was written has been sent.
    package func finish() {
        let wake = state.withLock { state in
            state.finished = true
            return state.wake.take()
        }
        wake?()
    }

    /// Whether the server has sent everything written and waits for more, its connection suspended (for
    /// tests: the stream is idle).
    package var isWaitingForData: Bool {
        state.withLock { $0.wake != nil }
    }

    /// Whether the server has stopped sending this stream.
    package var isClosed: Bool {
        state.withLock { $0.closed }
    }

    /// Writes `bytes` every `interval` until the stream closes: for server-sent events, a comment that keeps
    /// the connection alive and lets the server notice a client that has gone.
    package func keepAlive(every interval: Duration, writing bytes: [UInt8] = Array(": keep-alive\n\n".utf8)) {
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self, !self.isClosed else { return }
                self.write(bytes)
            }
        }
        onClose { task.cancel() }
    }

    /// Calls `handler` when the stream closes (at once if it already has).
    package func onClose(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state in
            if state.closed { return true }
            state.closeHandlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    /// Copies pending bytes into `buffer`. When there are none, calls `suspend` under the stream's lock
    /// (so that no write can slip in between) and keeps `wake` for the next write.
    func read(
        into buffer: UnsafeMutableRawBufferPointer,
        suspend: () -> Void,
        wake: @escaping @Sendable () -> Void
    ) -> Read {
        state.withLock { state in
            if !state.buffer.isEmpty {
                let count = min(buffer.count, state.buffer.count)
                state.buffer.withUnsafeBytes { source in
                    buffer.baseAddress!.copyMemory(from: source.baseAddress!, byteCount: count)
                }
                state.buffer.removeFirst(count)
                return .bytes(count)
            }
            if state.finished || state.closed {
                return .end
            }
            suspend()
            state.wake = wake
            return .wait
        }
    }

    /// Marks the stream closed and runs the close handlers; called by the server when it is done with it.
    func close() {
        // The connection is finished, so a pending wake-up must not resume it: drop it.
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.closed else { return [] }
            state.closed = true
            state.wake = nil
            let handlers = state.closeHandlers
            state.closeHandlers = []
            return handlers
        }
        for handler in handlers { handler() }
    }
}
