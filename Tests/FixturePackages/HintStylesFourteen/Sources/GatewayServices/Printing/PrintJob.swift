import Foundation
import GatewayModel

public struct PrintJob: Sendable {
    public let pass: BoardingPass
    public let copies: Int

    public init(pass: BoardingPass, copies: Int = 1) {
        self.pass = pass
        self.copies = copies
    }
}

public struct PrintPayload: Hashable, Sendable {
    public let passengerID: String
    public let barcode: String
}

extension PrintJob {
    func rendered() -> [PrintPayload] {
        let barcode = "M1\(pass.passengerID) \(pass.flight) \(pass.seat) G\(pass.group)"
        return Array(repeating: PrintPayload(passengerID: pass.passengerID, barcode: barcode), count: copies)
    }
}

/// What the thermal printer reports back as printed.
public actor PrintLog {
    public private(set) var printed: [PrintPayload] = []

    public init() {}

    func record(_ payloads: [PrintPayload]) {
        printed.append(contentsOf: payloads)
    }

    public var count: Int { printed.count }
}
