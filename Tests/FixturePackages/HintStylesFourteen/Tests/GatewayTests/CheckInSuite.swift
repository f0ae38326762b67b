import Testing
import GatewayModel
import GatewayServices

@Suite struct CheckInSuite {
    let stack = CheckInStack()

    @Test func familyCheckInCompletesForEveryone() async throws {
        let service = stack.service
        let records = try await withThrowingTaskGroup(of: CheckInRecord.self) { group in
            for member in Fixtures.family {
                group.addTask {
                    try await service.checkIn(member, on: Fixtures.flight)
                }
            }
            var collected: [CheckInRecord] = []
            for try await record in group {
                collected.append(record)
            }
            return collected
        }

        #expect(Set(records.map(\.passenger.id)) == Set(Fixtures.family.map(\.id)))
        #expect(await service.checkedInCount == Fixtures.family.count)
    }

    @Test func deskIdentifierFollowsTheCheckIn() async throws {
        let record = try await CheckInContext.$deskID.withValue("YUL-D14") {
            try await stack.service.checkIn(Fixtures.ada, on: Fixtures.flight)
        }

        #expect(record.deskID == "YUL-D14")
        let unscoped = try await stack.service.checkIn(Fixtures.grace, on: Fixtures.flight)
        #expect(unscoped.deskID == nil)
    }

    @Test func issuedPassCarriesRequestedSeatAndGroup() async throws {
        _ = try await stack.service.checkIn(Fixtures.ada, on: Fixtures.flight)
        let pass = try await stack.service.issueBoardingPass(for: Fixtures.ada, on: Fixtures.flight, seat: "10A")

        #expect(pass.seat == "10A")
        #expect(pass.group == 1)
        #expect(pass.gate == "A3")

        try await Task.sleep(for: .milliseconds(50))
        #expect(await stack.audit.contains(prefix: "pass \(Fixtures.ada.id)"))
    }
}
