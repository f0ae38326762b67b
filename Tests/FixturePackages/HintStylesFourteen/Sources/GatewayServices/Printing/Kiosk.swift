import Foundation
import GatewayModel

/// Talks to the thermal printer. Transmission happens off the caller's context.
struct PrinterDriver: Sendable {
    let log: PrintLog

    func transmit(_ payloads: [PrintPayload]) {
        let log = self.log
        Task.detached(priority: .utility) {
            await log.record(payloads)
        }
    }
}

/// Orders print jobs for the kiosk's single printer.
final class PrintSpooler: Sendable {
    private let driver: PrinterDriver

    init(driver: PrinterDriver) {
        self.driver = driver
    }

    func enqueue(_ job: PrintJob) {
        driver.transmit(job.rendered())
    }
}

/// A self-service check-in kiosk in the terminal.
public actor CheckInKiosk {
    public let kioskID: String
    private let spooler: PrintSpooler
    private var sessions = 0

    public init(kioskID: String, log: PrintLog) {
        self.kioskID = kioskID
        self.spooler = PrintSpooler(driver: PrinterDriver(log: log))
    }

    /// The reprint button: no session state involved, so callable from any context.
    nonisolated public func requestReprint(of pass: BoardingPass, copies: Int = 1) {
        spooler.enqueue(PrintJob(pass: pass, copies: copies))
    }

    public func startSession() -> Int {
        sessions += 1
        return sessions
    }
}
