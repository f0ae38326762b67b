import Foundation
import IrrigationCore

public struct WateringRecord: Equatable, Sendable {
    public let zone: ZoneID
    public let minutes: Int
    public let finishedAt: Date

    public init(zone: ZoneID, minutes: Int, finishedAt: Date) {
        self.zone = zone
        self.minutes = minutes
        self.finishedAt = finishedAt
    }
}

public protocol HistoryStore: Sendable {
    func save(_ record: WateringRecord) async throws
}

/// The store used on the controller board (flushed to SD card elsewhere).
public actor InMemoryHistoryStore: HistoryStore {
    public private(set) var records: [WateringRecord] = []

    public init() {}

    public func save(_ record: WateringRecord) {
        records.append(record)
    }
}

/// Something that writes in the background and can be waited on.
public protocol Drainable {
    /// Suspends until every write issued so far has reached storage.
    func waitForPendingWrites() async
}

extension Drainable {
    /// Default implementation: "drained" means every pending write has landed.
    public func drain() async {
        await waitForPendingWrites()
    }
}

/// Persists finished watering runs without making the controller wait for storage.
public final class WateringHistory: Drainable, @unchecked Sendable {
    private let store: any HistoryStore
    private let lastWrite = Protected<Task<Void, Never>?>(nil)
    private let failures = Protected<Int>(0)

    public init(store: any HistoryStore) {
        self.store = store
    }

    public var failedWrites: Int { failures.value }

    public func record(_ record: WateringRecord) {
        let store = self.store
        let failures = self.failures
        lastWrite.mutate { last in
            let previous = last
            // Chain writes so records land in the order they were produced.
            last = Task {
                await previous?.value
                do {
                    try await store.save(record)
                } catch {
                    failures.mutate { $0 += 1 }
                }
            }
        }
    }

    public func waitForPendingWrites() async {
        let flush = lastWrite.value
        await flush?.value
    }
}
