import Basics
import Testing

@Suite struct DurationTests {
    @Test func wholeUnitsDropTheRest() {
        let duration = Duration.seconds(2) + .nanoseconds(345_678_901)
        #expect(duration.wholeMilliseconds == 2_345)
        #expect(duration.wholeMicroseconds == 2_345_678)
        #expect(duration.wholeNanoseconds == 2_345_678_901)
    }

    @Test func belowOneUnitIsZero() {
        #expect(Duration.microseconds(999).wholeMilliseconds == 0)
        #expect(Duration.nanoseconds(999).wholeMicroseconds == 0)
        #expect(Duration.zero.wholeNanoseconds == 0)
    }

    @Test func negativeDurationsTruncateTowardZero() {
        #expect(Duration.microseconds(-1_500).wholeMilliseconds == -1)
        #expect(Duration.nanoseconds(-1_999).wholeMicroseconds == -1)
        #expect((Duration.seconds(-1) - .nanoseconds(5)).wholeNanoseconds == -1_000_000_005)
    }

    @Test func attosecondsBelowANanosecondAreDropped() {
        let duration = Duration.nanoseconds(7) + Duration(secondsComponent: 0, attosecondsComponent: 999_999_999)
        #expect(duration.wholeNanoseconds == 7)
    }
}
