import Foundation
import MooringModel

public struct PrintJob: Hashable, Sendable {
    public let title: String
    public let body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}

public protocol PrintSink: Sendable {
    func accept(_ job: PrintJob) async
}

/// Receipt printer at the fuel dock kiosk.
public final class ReceiptPrinter: Sendable {
    private let spooler: PrintSpooler

    public init(sink: any PrintSink) {
        self.spooler = PrintSpooler(sink: sink)
    }

    public func printReceipt(for invoice: Invoice) {
        let body = invoice.lines
            .map { "\($0.description) \(Invoice.formatPounds($0.amountPence))" }
            .joined(separator: "\n")
        spooler.enqueue(PrintJob(title: "Receipt \(invoice.number)", body: body))
    }
}

struct PrintSpooler: Sendable {
    let sink: any PrintSink

    func enqueue(_ job: PrintJob) {
        Task { [sink] in
            await sink.accept(job)
        }
    }
}
