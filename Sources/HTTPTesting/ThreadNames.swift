import Foundation

/// The calling thread's name, as the kernel keeps it (`/proc/thread-self/comm`).
package func currentThreadName() -> String {
    threadName(atPath: "/proc/thread-self/comm")
}

/// The names of all of this process's threads, one entry per thread.
package func processThreadNames() -> [String] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.map { threadName(atPath: "/proc/self/task/\($0)/comm") }
}

private func threadName(atPath path: String) -> String {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
}
