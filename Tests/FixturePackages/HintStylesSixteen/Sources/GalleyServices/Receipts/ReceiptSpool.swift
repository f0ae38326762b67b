import GalleyModel

/// Print queue for the host stand; servers tap "print check" and walk away.
public final class ReceiptSpool: Sendable {
    private let printer: ReceiptPrinter

    public init(printer: ReceiptPrinter) {
        self.printer = printer
    }

    public func enqueue(_ order: Order) {
        let printer = self.printer
        Task {
            _ = await printer.print(order)
        }
    }
}
