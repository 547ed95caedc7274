import Components
import Testing

@Suite struct CompactCountTests {
    @Test(arguments: [
        (0, "0"),
        (1, "1"),
        (999, "999"),
        (1_000, "1,000"),
        (1_234, "1,234"),
        (9_999, "9,999"),
        (10_000, "10K"),
        (12_345, "12.3K"),
        (20_000, "20K"),
        (99_999, "99.9K"),
        (999_999, "999.9K"),
        (1_000_000, "1M"),
        (1_234_567, "1.2M"),
        (999_999_999, "999.9M"),
        (1_000_000_000, "1B"),
        (2_500_000_000, "2.5B"),
        (-1, "0"),
        (-12_345, "0"),
        (Int.min, "0"),
    ])
    func formatted(_ count: Int, _ expected: String) {
        #expect(CompactCount.formatted(count) == expected)
    }

    @Test(arguments: [
        (0, "0"),
        (7, "7"),
        (999, "999"),
        (1_000, "1,000"),
        (12_345, "12,345"),
        (100_000, "100,000"),
        (1_234_567, "1,234,567"),
        (-1_234, "-1,234"),
        (-999, "-999"),
        (Int.max, "9,223,372,036,854,775,807"),
        (Int.min, "-9,223,372,036,854,775,808"),
    ])
    func grouped(_ value: Int, _ expected: String) {
        #expect(CompactCount.grouped(value) == expected)
    }

    @Test func largeCountsAreTruncatedNeverRoundedUp() {
        #expect(CompactCount.formatted(10_999) == "10.9K")
        #expect(CompactCount.formatted(1_999_999) == "1.9M")
        #expect(CompactCount.formatted(Int.max) == "9223372036.8B")
    }
}
