extension Duration {
    /// The duration in whole milliseconds, the rest dropped (toward zero).
    ///
    /// ```swift
    /// let latency = (ContinuousClock.now - started).wholeMilliseconds
    /// ```
    package var wholeMilliseconds: Int { whole(unitsPerSecond: 1_000) }

    /// The duration in whole microseconds, the rest dropped (toward zero).
    package var wholeMicroseconds: Int { whole(unitsPerSecond: 1_000_000) }

    /// The duration in whole nanoseconds, the rest dropped (toward zero).
    package var wholeNanoseconds: Int { whole(unitsPerSecond: 1_000_000_000) }

    /// `components` holds seconds and attoseconds of the same sign, so both parts truncate toward zero.
    private func whole(unitsPerSecond: Int64) -> Int {
        let (seconds, attoseconds) = components
        return Int(seconds * unitsPerSecond + attoseconds / (1_000_000_000_000_000_000 / unitsPerSecond))
    }
}
