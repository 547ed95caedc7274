import Basics
import Components

extension StatePersister: Service {
    /// Writes after commits (as it does from its start) until the task is cancelled, then writes what is
    /// left and closes the database, so that a stopping server loses nothing and leaves one file.
    package func run() async {
        await Task.untilCancelled()
        await blockingWork { self.close() }
    }
}
