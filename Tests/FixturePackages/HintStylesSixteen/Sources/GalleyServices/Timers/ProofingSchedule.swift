import Foundation
import GalleyModel

/// Tracks laminated dough batches through their proofing stages at the pastry station.
public final class ProofingSchedule: @unchecked Sendable {
    public static let shapingAfter: Double = 20 * 60
    public static let proofingAfter: Double = 40 * 60
    public static let bakeAfter: Double = 100 * 60

    private let scheduler: KitchenScheduler
    private let lock = NSLock()
    private var stages: [String: ProofingStage] = [:]

    public init(scheduler: KitchenScheduler) {
        self.scheduler = scheduler
    }

    public func begin(batch: String) {
        set(.resting, for: batch)
        scheduler.schedule(after: Self.shapingAfter) { [weak self] in self?.set(.shaping, for: batch) }
        scheduler.schedule(after: Self.proofingAfter) { [weak self] in self?.set(.proofing, for: batch) }
        scheduler.schedule(after: Self.bakeAfter) { [weak self] in self?.set(.readyToBake, for: batch) }
    }

    public func stage(of batch: String) -> ProofingStage? {
        lock.guarded { stages[batch] }
    }

    private func set(_ stage: ProofingStage, for batch: String) {
        lock.guarded { stages[batch] = stage }
    }
}
