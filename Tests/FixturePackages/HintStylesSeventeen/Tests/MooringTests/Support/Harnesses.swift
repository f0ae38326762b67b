import Foundation
import MooringModel
import MooringServices

/// Wires the billing stack together the way the app delegate does.
struct BillingHarness {
    let store = InMemoryInvoiceStore()
    let numbering = InvoiceNumbering()
    let invoices: InvoiceService
    let coordinator: BillingCoordinator

    init() {
        invoices = InvoiceService(numbering: numbering, store: store)
        coordinator = BillingCoordinator(invoices: invoices)
    }

    func settleEverything() async {
        await coordinator.settle()
    }
}

/// The radio desk plus its log and a loopback transmitter.
struct RadioDeskHarness {
    let log = RadioLog()
    let transmitter = LoopbackTransmitter()
    let desk: RadioDesk

    init(callsign: String = "MOORING CONTROL") {
        desk = RadioDesk(log: log, transmitter: transmitter, callsign: callsign)
    }

    func tick() async {
        await Yielder.spin(times: 3)
    }
}
