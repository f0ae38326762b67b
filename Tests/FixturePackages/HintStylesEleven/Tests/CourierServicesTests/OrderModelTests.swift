import Testing
import CourierModel

@Suite struct OrderModelTests {
    @Test func subtotalSumsEveryLineItem() throws {
        let order = Fixtures.order("o-5001", tip: Money(cents: 500))

        #expect(order.subtotal == Money(cents: 3_575))
        #expect(order.itemCount == 4)
        #expect(order.subtotal.description == "$35.75")

        let accepted = try order.transitioned(to: .accepted)
        #expect(accepted.status == .accepted)
        #expect(throws: InvalidTransition.self) {
            try accepted.transitioned(to: .delivered)
        }
        #expect(!OrderStatus.pickedUp.canTransition(to: .cancelled))
    }
}
