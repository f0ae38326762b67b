import ParkingCore
import ParkingKit
import Testing

@Suite struct RetryingOccupancyClientTests {
    @Test func backsOffBeforeRetrying() async throws {
        let upstream = FlakyOccupancyProvider(failures: 1, thenReturn: 7)
        let sleeper = ControlledSleeper()
        let client = RetryingOccupancyClient(upstream: upstream, sleeper: sleeper, baseDelay: .seconds(2))

        let fetch = Task { try await client.occupiedSpaces(in: "K9") }
        await sleeper.advance(by: .seconds(2))

        #expect(upstream.attempts == 2)
        #expect(try await fetch.value == 7)
    }

    @Test func givesUpAfterThreeAttempts() async {
        let upstream = FlakyOccupancyProvider(failures: .max, thenReturn: 0)
        let sleeper = ImmediateSleeper()
        let client = RetryingOccupancyClient(upstream: upstream, sleeper: sleeper, baseDelay: .seconds(1))

        do {
            _ = try await client.occupiedSpaces(in: "K9")
            Issue.record("expected the client to give up")
        } catch {
            #expect(upstream.attempts == 3)
            #expect(sleeper.requested == [.seconds(1), .seconds(2)])
        }
    }
}
