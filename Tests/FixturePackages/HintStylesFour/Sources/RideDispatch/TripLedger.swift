import Foundation

public struct LedgerEntry: Sendable, Equatable {
    public let tripID: String
    public let amount: Double

    public init(tripID: String, amount: Double) {
        self.tripID = tripID
        self.amount = amount
    }
}

/// Append-only fare ledger; writes are serialised on a private queue.
public final class TripLedger: @unchecked Sendable {
    private let writeQueue = DispatchQueue(label: "ride.ledger.writes")
    private let entriesLock = NSLock()
    private var entries: [LedgerEntry] = []

    public init() {}

    public var count: Int { entriesLock.synchronized { entries.count } }
    public var total: Double { entriesLock.synchronized { entries.reduce(0) { $0 + $1.amount } } }

    public func record(_ entry: LedgerEntry, completion: (@Sendable () -> Void)?) {
        writeQueue.async { [self] in
            entriesLock.synchronized { entries.append(entry) }
            completion?()
        }
    }
}

extension TripLedger {
    public func append(_ entry: LedgerEntry) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            record(entry) { continuation.resume() }
        }
    }
}
