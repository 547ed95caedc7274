import Components
import PreviewApp

extension PreviewOptions {
    /// These options as the kit's checks run an app: no latency, no failure but the ones a tap asks for
    /// (`X-Simulate-Failure`), one seed, and no state file (a check never writes a user's state).
    var forChecks: PreviewOptions {
        var options = self
        options.simulation = SimulationSettings(latencyMilliseconds: 0, failureRate: 0, seed: 7)
        options.stateFile = nil
        return options
    }
}
