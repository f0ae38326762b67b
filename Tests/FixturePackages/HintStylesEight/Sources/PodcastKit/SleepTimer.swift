import Foundation

/// "Stop playing in 30 minutes".
public actor SleepTimer<C: Clock> where C.Duration == Duration {
    private let clock: C
    private let onFire: @Sendable () async -> Void
    private var countdown: Task<Void, Never>?
    public private(set) var hasFired = false
    public private(set) var deadline: C.Instant?

    public static var presets: [Duration] {
        [.seconds(5 * 60), .seconds(15 * 60), .seconds(30 * 60), .seconds(60 * 60)]
    }

    public init(clock: C, onFire: @escaping @Sendable () async -> Void = {}) {
        self.clock = clock
        self.onFire = onFire
    }

    public var isRunning: Bool { countdown != nil }

    public func start(after duration: Duration) {
        countdown?.cancel()
        hasFired = false
        let clock = self.clock
        let deadline = clock.now.advanced(by: duration)
        self.deadline = deadline
        countdown = Task {
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return
            }
            await self.fire()
        }
    }

    public func cancel() {
        countdown?.cancel()
        countdown = nil
        deadline = nil
    }

    private func fire() async {
        countdown = nil
        deadline = nil
        hasFired = true
        await onFire()
    }
}
