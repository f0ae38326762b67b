import ParkingCore
import ParkingKit
import Testing

@Suite("Audit trail")
struct AuditTrailTests {
    @Test func unattendedOverridesAreAnonymous() async {
        let trail = AuditTrail()

        await trail.record("comp-session")

        let entry = await trail.entries.first
        #expect(entry?.actor == "anonymous")
        #expect(entry?.region == .us)
    }

    @Suite struct Enforcement {
        @Test(.actingAs("warden-5"))
        func voidedTicketIsAttributedToWarden() async {
            let trail = AuditTrail()

            await trail.record("void-ticket")

            let entries = await trail.entries
            #expect(entries.map(\.actor) == ["warden-5"])
        }
    }
}
