import Basics
import Components

extension StatePersister: Service {
    /// Writes after commits (as it does from its start) until the task is cancelled, then writes what is
    /// left, so that a stopping server loses nothing.
    package func run() async {
        await Task.untilCancelled()
        await blockingWork { self.flush() }
    }
}
