public protocol DemandSampling: Sendable {
    func openRequests() async -> Int
    func idleDrivers() async -> Int
}

/// Periodically samples supply/demand and derives a surge multiplier.
public actor SurgeMonitor {
    private let sampler: any DemandSampling
    private let scheduler: any Scheduler
    private let interval: Duration

    public private(set) var multiplier: Double = 1.0
    public private(set) var isRunning = false
    public private(set) var samplesTaken = 0

    public init(sampler: any DemandSampling, scheduler: any Scheduler, interval: Duration = .seconds(60)) {
        self.sampler = sampler
        self.scheduler = scheduler
        self.interval = interval
    }

    public func run() async {
        isRunning = true
        defer { isRunning = false }
        while !Task.isCancelled {
            do {
                try await scheduler.sleep(for: interval)
            } catch {
                return
            }
            await takeSample()
        }
    }

    private func takeSample() async {
        let demand = await sampler.openRequests()
        let supply = max(await sampler.idleDrivers(), 1)
        multiplier = Self.multiplier(demand: demand, supply: supply)
        samplesTaken += 1
    }
}

extension SurgeMonitor {
    /// Quarter-step multiplier clamped to 1.0...3.0.
    static func multiplier(demand: Int, supply: Int) -> Double {
        let ratio = Double(demand) / Double(supply)
        let stepped = (ratio * 4).rounded() / 4
        return min(max(stepped, 1.0), 3.0)
    }
}
