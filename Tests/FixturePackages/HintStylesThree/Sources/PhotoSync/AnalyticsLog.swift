import Foundation

public actor AnalyticsLog {
    public private(set) var events: [String] = []

    public init() {}

    public func record(_ event: String) {
        events.append(event)
    }

    /// Callable from synchronous UI code (button handlers etc.).
    public nonisolated func track(_ event: String) {
        Task {
            await self.record(event)
        }
    }
}
