import Basics
import Testing

@Suite struct TimestampTests {
    @Test(arguments: [
        (0, "1970-01-01T00:00:00.000Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (951_868_800_000, "2000-03-01T00:00:00.000Z"),
        (1_700_000_000_123, "2023-11-14T22:13:20.123Z"),
        (4_107_542_399_999, "2100-02-28T23:59:59.999Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (-86_400_000, "1969-12-31T00:00:00.000Z"),
        (-86_400_001, "1969-12-30T23:59:59.999Z"),
        (-2_208_988_800_000, "1900-01-01T00:00:00.000Z"),
    ])
    func iso8601(_ milliseconds: Int, _ expected: String) {
        #expect(Timestamp(millisecondsSince1970: milliseconds).iso8601 == expected)
    }

    @Test(arguments: [
        (0, "00:00:00"),
        (951_782_400_000 + 7 * 3_600_000 + 4 * 60_000 + 53_000 + 123, "07:04:53"),
        (-1, "23:59:59"),
        (86_399_999, "23:59:59"),
    ])
    func timeOfDay(_ milliseconds: Int, _ expected: String) {
        #expect(Timestamp(millisecondsSince1970: milliseconds).timeOfDay == expected)
    }

    @Test func ordersByInstant() {
        let earlier = Timestamp(millisecondsSince1970: -5)
        let later = Timestamp(millisecondsSince1970: 10)
        #expect(earlier < later)
        #expect(!(later < earlier))
        #expect(Timestamp(millisecondsSince1970: 10) == later)
    }

    @Test func nowIsTheCurrentTime() {
        let now = Timestamp.now()
        #expect(now > Timestamp(millisecondsSince1970: 1_577_836_800_000))  // 2020-01-01
        #expect(now.iso8601.count == 24)
        #expect(now.iso8601.hasSuffix("Z"))
    }
}
