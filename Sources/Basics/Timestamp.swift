#if canImport(Glibc)
    import Glibc
#endif

/// A wall-clock instant, formatted without Foundation.
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public let millisecondsSince1970: Int

    /// The time `millisecondsSince1970` after the Unix epoch.
    public init(millisecondsSince1970: Int) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// The wall-clock time now.
    public static func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(millisecondsSince1970: Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// ISO 8601 in UTC with milliseconds: `2026-11-30T07:04:53.123Z`.
    package var iso8601: String {
        let (days, milliseconds) = millisecondsSince1970.quotientAndRemainder(dividingBy: 86_400_000)
        let dayNumber = milliseconds < 0 ? days - 1 : days
        let timeOfDay = milliseconds < 0 ? milliseconds + 86_400_000 : milliseconds
        let (year, month, day) = Self.civilDate(daysSince1970: dayNumber)
        let hours = timeOfDay / 3_600_000
        let minutes = timeOfDay / 60_000 % 60
        let seconds = timeOfDay / 1000 % 60
        let millis = timeOfDay % 1000
        guard (0...9999).contains(year) else {
            return
                "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(millis, 3))Z"
        }
        // The usual case written into 24 bytes at once: one string, no piece made on its own (a comment
        // box formats every comment's time on every render).
        return String(unsafeUninitializedCapacity: 24) { buffer in
            func put(_ value: Int, _ width: Int, at offset: Int) {
                var value = value
                for index in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(month, 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(day, 2, at: 8)
            buffer[10] = UInt8(ascii: "T")
            put(hours, 2, at: 11)
            buffer[13] = UInt8(ascii: ":")
            put(minutes, 2, at: 14)
            buffer[16] = UInt8(ascii: ":")
            put(seconds, 2, at: 17)
            buffer[19] = UInt8(ascii: ".")
            put(millis, 3, at: 20)
            buffer[23] = UInt8(ascii: "Z")
            return 24
        }
    }

    /// `07:04:53` in UTC, for compact tables.
    package var timeOfDay: String {
        String(iso8601.dropFirst(11).prefix(8))
    }

    /// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
    static func civilDate(daysSince1970: Int) -> (year: Int, month: Int, day: Int) {
        let z = daysSince1970 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

private func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
