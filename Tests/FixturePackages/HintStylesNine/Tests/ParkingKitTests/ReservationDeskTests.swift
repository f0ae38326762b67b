import ParkingCore
import ParkingKit
import Testing

@Suite struct ReservationDeskTests {
    let inventory = ZoneInventory(capacity: ["P1": 5, "P2": 1])

    @Test func reserveDecrementsInventory() async throws {
        let desk = ReservationDesk(inventory: inventory)

        let reservation = try await desk.reserve(plate: "EV-001", in: "P1")

        #expect(reservation.zone == "P1")
        #expect(await inventory.available(in: "P1") == 4)
    }

    @Test func deferredReleaseReturnsSpace() async throws {
        let desk = ReservationDesk(inventory: inventory)
        let reservation = try await desk.reserve(plate: "EV-002", in: "P2")

        desk.releaseLater(reservation)
        await Task.yield()
        await Task.yield()

        #expect(await inventory.available(in: "P2") == 1)
    }

    @Suite struct Concurrency {
        @Test func concurrentReservationsNeverOverbook() async {
            let inventory = ZoneInventory(capacity: ["P1": 5])
            let desk = ReservationDesk(inventory: inventory)

            let granted = await withTaskGroup(of: Bool.self) { group in
                for n in 0..<12 {
                    group.addTask {
                        (try? await desk.reserve(plate: "CAR-\(n)", in: "P1")) != nil
                    }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }

            #expect(granted == 5)
            #expect(await inventory.available(in: "P1") == 0)
        }
    }
}
