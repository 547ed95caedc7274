/// Where the supervisor's parts write: its own lines, each as `dev: LINE`, and the build's output as it
/// came.
struct SupervisorOutput {
    /// Takes text as it should appear, line ends included.
    let write: (String) -> Void

    /// Writes `dev: line` and a line end.
    func say(_ line: String) {
        write("dev: \(line)\n")
    }
}
