import GalleyModel

/// The thermal printer at the host stand.
public protocol PrinterDevice: Sendable {
    func printText(_ text: String, orderID: String) async
}

public struct ReceiptPrinter: Sendable {
    private let formatter: ReceiptFormatter
    private let device: PrinterDevice

    public init(formatter: ReceiptFormatter = ReceiptFormatter(), device: PrinterDevice) {
        self.formatter = formatter
        self.device = device
    }

    /// Prints the receipt and returns what was printed.
    public func print(_ order: Order) async -> Receipt {
        let receipt = formatter.makeReceipt(for: order)
        await device.printText(formatter.render(receipt), orderID: order.id)
        return receipt
    }
}
