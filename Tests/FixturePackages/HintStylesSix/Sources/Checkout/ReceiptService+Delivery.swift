extension ReceiptService {
    /// Called from the order-confirmation screen; the UI does not wait.
    public func sendReceipt(for order: Order) {
        Task {
            await self.deliver(order)
        }
    }

    public func deliver(_ order: Order) async {
        await mailer.send(Receipt(orderID: order.id, body: render(order)))
        audit("sent \(order.id)")
    }
}
