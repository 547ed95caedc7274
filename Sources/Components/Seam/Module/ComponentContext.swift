import Basics

/// What the app gives every module it builds: the shared event log, the service every change goes through
/// (a toggle's tap, a comment's send), the simulation behind it, and the settings that shape state and
/// rendering.
public struct ComponentContext: Sendable {
    /// Every handled tap, for the gallery's log and `/events`.
    package let events: TapEventLog
    /// The "network" every change of every kind goes through: `simulation`, or a test's own.
    package let service: any ComponentService
    /// The simulated network and its settings (latency, failure rate, seed), shown in the status bar.
    package let simulation: SimulatedService
    /// How many one-time messages wait, and for how long.
    package let flashLimits: FlashLimits
    /// Whether rendered pages may be kept (`--render-cache`).
    package var renderCache: Bool { caches.keeps }
    /// The app's caches of renders: every kept page, fragment and root is in one of them, bounded and
    /// reported (`GET /stats`). With `--render-cache off` they make none.
    package let caches: Caches
    /// Every registered module's state and navigation, once the app has built them.
    package let registry: ComponentRegistry
    /// The time things are stamped with (a comment's); tests that compare two apps give both one clock.
    package let clock: @Sendable () -> Timestamp

    package init(
        events: TapEventLog = TapEventLog(), service: (any ComponentService)? = nil,
        simulation: SimulatedService = SimulatedService(), flashLimits: FlashLimits = FlashLimits(),
        renderCache: Bool = true, caches: Caches? = nil, registry: ComponentRegistry? = nil,
        clock: @escaping @Sendable () -> Timestamp = { .now() }
    ) {
        self.events = events
        self.service = service ?? simulation
        self.simulation = simulation
        self.flashLimits = flashLimits
        let caches = caches ?? Caches(keeps: renderCache)
        self.caches = caches
        self.registry = registry ?? ComponentRegistry(caches: caches)
        self.clock = clock
    }
}
