import Foundation
import EncoreModel

/// Drives the "Offline storage almost full" banner in Settings.
@MainActor
public final class StorageBannerViewModel {
    public private(set) var bannerText: String?
    private let formatter: ByteCountFormatter

    public init() {
        let formatter = ByteCountFormatter()
        formatter.countStyle = .file
        formatter.allowedUnits = [.useMB, .useGB]
        self.formatter = formatter
    }

    public func storageUsageChanged(usedBytes: Int64, budgetBytes: Int64) {
        Task {
            bannerText = Self.text(used: usedBytes, budget: budgetBytes)
        }
    }

    nonisolated static func text(used: Int64, budget: Int64) -> String? {
        guard budget > 0 else { return nil }
        let ratio = Double(used) / Double(budget)
        switch ratio {
        case ..<0.8:
            return nil
        case ..<1.0:
            return "Offline storage \(Int((ratio * 100).rounded(.down)))% full"
        default:
            return "Offline storage full — older downloads will be removed"
        }
    }
}
