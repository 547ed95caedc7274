import TestKit
import Testing

@testable import Components

/// The registry's version is what kept pages are keyed on: it must move with every registered state.
@Suite struct ComponentRegistryTests {
    @Test func itsVersionGrowsWhenAnyRegisteredStateChanges() {
        let first = ToggleStore(baseCounts: ["a": 1])
        let second = ToggleStore(baseCounts: ["b": 2])
        let registry = ComponentRegistry()
        registry.register(states: [first, second], navigation: [PageLink(name: "Feed", path: "/feed")])
        var seen = [registry.version]
        let key = ToggleStore.Key(viewer: "alice", target: "b")
        _ = second.begin(key, on: true)
        seen.append(registry.version)
        _ = second.finish(key, on: true, succeeded: true)
        seen.append(registry.version)
        first.reset()
        seen.append(registry.version)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }, "\(seen)")
        #expect(registry.navigation == [PageLink(name: "Feed", path: "/feed")])
    }

    @Test func aStateThatIsNotRegisteredDoesNotMoveIt() {
        let registry = ComponentRegistry()
        let outside = ToggleStore(baseCounts: ["a": 1])
        let before = registry.version
        outside.reset()
        #expect(registry.version == before)
    }
}
