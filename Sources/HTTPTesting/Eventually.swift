/// Whether `condition` holds within `limit`, asked again every few milliseconds until it does.
///
/// For a test that waits for what it means (a request is in flight, a write is done, a turn is
/// suspended) where nothing it can await says so; never for "enough time has passed". The limit only
/// matters when something is wrong, so it is long: a sanitizer's run on a loaded machine has stalled
/// tests for over a minute.
///
/// ```swift
/// #expect(await eventually { store.pending("p1") == 1 })
/// ```
public func eventually(
    within limit: Duration = .seconds(180), _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while true {
        if try await condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        // Polling: the condition is asked again, not assumed to hold after the pause.
        try? await Task.sleep(for: .milliseconds(5))
    }
}
