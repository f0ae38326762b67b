import Foundation
import MooringModel

/// First come, first served queue for the fuel pontoon.
public actor FuelDockQueue {
    private var waiting: [FuelTicket] = []
    private var nextNumber = 1

    public init() {}

    public func enqueue(_ request: FuelRequest) -> FuelTicket {
        let ticket = FuelTicket(number: nextNumber, request: request)
        nextNumber += 1
        waiting.append(ticket)
        return ticket
    }

    public func serveNext() -> FuelTicket? {
        guard !waiting.isEmpty else { return nil }
        return waiting.removeFirst()
    }

    public func cancel(boatName: String) {
        waiting.removeAll { $0.request.boatName == boatName }
    }

    public var count: Int { waiting.count }

    public var boatsWaiting: [String] { waiting.map(\.request.boatName) }
}
