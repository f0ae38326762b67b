import Foundation
import MooringModel

/// The harbour office's VHF log book.
public actor RadioLog {
    public private(set) var entries: [RadioMessage] = []

    public init() {}

    public func record(_ message: RadioMessage) {
        entries.append(message)
    }

    public var count: Int { entries.count }

    public func entries(onChannel channel: Int) -> [RadioMessage] {
        entries.filter { $0.channel == channel }
    }

    public func entries(atLeast priority: RadioPriority) -> [RadioMessage] {
        let order = RadioPriority.allCases
        let threshold = order.firstIndex(of: priority) ?? 0
        return entries.filter { (order.firstIndex(of: $0.priority) ?? 0) >= threshold }
    }
}
