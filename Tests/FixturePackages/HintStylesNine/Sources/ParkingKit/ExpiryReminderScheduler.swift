import ParkingCore

/// Schedules the "your parking ends soon" local notification.
public struct ExpiryReminderScheduler: Sendable {
    public let leadTime: Duration
    private let sleeper: any Sleeper

    public init(leadTime: Duration = .seconds(10 * 60), sleeper: any Sleeper = TaskSleeper()) {
        self.leadTime = leadTime
        self.sleeper = sleeper
    }

    @discardableResult
    public func schedule(
        _ session: ParkingSession,
        deliver: @escaping @Sendable (String) async -> Void
    ) -> Task<Void, Never> {
        let wait = session.allowance - leadTime
        let sleeper = self.sleeper
        let lead = leadTime
        return Task {
            if wait > .zero {
                do {
                    try await sleeper.sleep(for: wait)
                } catch {
                    return
                }
            }
            await deliver("Parking for \(session.plate) in zone \(session.zone) ends in \(lead.wholeMinutes) min")
        }
    }
}
