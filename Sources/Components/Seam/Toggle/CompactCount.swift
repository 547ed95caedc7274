/// How a count (likes, followers) is shown.
///
/// - Below 10,000: exactly, with thousands separators: `0`, `999`, `1,234`, `9,999`.
/// - From 10,000: one decimal and a suffix, truncated (never rounded up, so a count is never
///   overstated): `12,345` → `12.3K`, `999,999` → `999.9K`, `1,234,567` → `1.2M`, `2,500,000,000` → `2.5B`.
///   A trailing `.0` is dropped: `20,000` → `20K`.
/// - Negative counts (which the app never produces) are shown as `0`.
public enum CompactCount {
    /// `count` as a component shows it: exactly below 10,000 (`1,234`), else truncated to one decimal with a
    /// suffix (`12.3K`, `20K`, `1.2M`); `0` for a negative count.
    public static func formatted(_ count: Int) -> String {
        let count = max(0, count)
        if count < 1_000 {
            return String(count)
        }
        if count < 10_000 {
            return grouped(count)
        }
        let (divisor, suffix): (Int, String) =
            switch count {
            case ..<1_000_000: (1_000, "K")
            case ..<1_000_000_000: (1_000_000, "M")
            default: (1_000_000_000, "B")
            }
        let tenths = count / (divisor / 10)
        let whole = tenths / 10
        let fraction = tenths % 10
        return fraction == 0 ? "\(whole)\(suffix)" : "\(whole).\(fraction)\(suffix)"
    }

    /// `1234567` → `1,234,567`.
    package static func grouped(_ value: Int) -> String {
        var digits = String(value.magnitude)
        guard digits.utf8.count > 3 else { return value < 0 ? "-" + digits : digits }
        var result = [UInt8]()
        result.reserveCapacity(digits.utf8.count + digits.utf8.count / 3 + 1)
        if value < 0 { result.append(UInt8(ascii: "-")) }
        digits.withUTF8 { bytes in
            for index in 0..<bytes.count {
                if index > 0 && (bytes.count - index) % 3 == 0 {
                    result.append(UInt8(ascii: ","))
                }
                result.append(bytes[index])
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
