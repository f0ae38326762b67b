import Foundation
import EncoreModel

public protocol CacheFileStore: Sendable {
    func removeFile(for id: TrackID) async throws
}

/// Reports cache housekeeping to analytics. Conformers usually only supply the sink.
public protocol EvictionReporting: Sendable {
    var analytics: AnalyticsSink { get }
    func reportEvictions(_ report: EvictionReport)
}

extension EvictionReporting {
    public func reportEvictions(_ report: EvictionReport) {
        guard !report.evicted.isEmpty else { return }
        publish(.cacheEvicted(trackCount: report.evicted.count, freedBytes: report.freedBytes))
    }

    /// Analytics must never slow down cache housekeeping, so events are sent off the caller's path.
    public func publish(_ event: AnalyticsEvent) {
        let sink = analytics
        Task {
            await sink.record(event)
        }
    }
}

public struct DefaultEvictionReporter: EvictionReporting {
    public let analytics: AnalyticsSink

    public init(analytics: AnalyticsSink) {
        self.analytics = analytics
    }
}

public actor AudioCacheEvictor {
    private let store: CacheFileStore
    private let reporter: EvictionReporting
    private let budgetBytes: Int64
    private var entries: [TrackID: CacheEntry] = [:]
    private var scheduledEviction: Task<EvictionReport, Never>?

    public init(store: CacheFileStore, reporter: EvictionReporting, budgetBytes: Int64) {
        self.store = store
        self.reporter = reporter
        self.budgetBytes = budgetBytes
    }

    public func register(_ entry: CacheEntry) {
        entries[entry.trackID] = entry
    }

    public func register(_ newEntries: [CacheEntry]) {
        for entry in newEntries { register(entry) }
    }

    public var totalBytes: Int64 {
        entries.values.reduce(0) { $0 + $1.byteSize }
    }

    public func contains(_ id: TrackID) -> Bool {
        entries[id] != nil
    }

    /// Deletes least-recently-played, unpinned files until the cache fits the budget.
    public func evictIfNeeded() async -> EvictionReport {
        let plan = CachePlanner.evictionPlan(for: Array(entries.values), budgetBytes: budgetBytes)
        let store = self.store
        let outcomes = await plan.concurrentMap(maxConcurrent: 4) { entry -> (CacheEntry, Bool) in
            do {
                try await store.removeFile(for: entry.trackID)
                return (entry, true)
            } catch {
                return (entry, false)
            }
        }
        var evicted: [TrackID] = []
        var freed: Int64 = 0
        for (entry, removed) in outcomes where removed {
            entries[entry.trackID] = nil
            evicted.append(entry.trackID)
            freed += entry.byteSize
        }
        let report = EvictionReport(evicted: evicted, freedBytes: freed, remainingBytes: totalBytes)
        finish(report)
        return report
    }

    private func finish(_ report: EvictionReport) {
        reporter.reportEvictions(report)
    }

    /// Schedules a single eviction pass; repeated calls share the pass already in flight.
    public func scheduleEviction() -> Task<EvictionReport, Never> {
        if let scheduledEviction { return scheduledEviction }
        let task = Task {
            let report = await self.evictIfNeeded()
            self.clearScheduled()
            return report
        }
        scheduledEviction = task
        return task
    }

    private func clearScheduled() {
        scheduledEviction = nil
    }

    /// Called from the low-disk-space notification handler.
    public nonisolated func evictSoon() {
        Task(priority: .utility) {
            _ = await self.evictIfNeeded()
        }
    }
}
