import Testing
import GatewayModel
import GatewayServices

@Suite("Boarding calls")
struct BoardingCallSuite {
    let harness = BoardingHarness()

    @Test func calledGroupsReachGateScreens() async {
        await harness.coordinator.beginBoarding(Fixtures.flight, groups: 1...3)
        await harness.coordinator.beginBoarding(Fixtures.flight, groups: 4...5)

        await harness.settleEverything()

        #expect(await harness.feed.publishedGroups == [1, 2, 3, 4, 5])
        #expect(await harness.coordinator.calledGroups() == [1, 2, 3, 4, 5])
    }
}
