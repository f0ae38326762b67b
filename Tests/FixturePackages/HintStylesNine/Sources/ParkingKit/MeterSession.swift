import ParkingCore

/// Counts down a paid parking allowance on whatever clock it is given.
public actor MeterSession<C: Clock> where C.Duration == Duration {
    public nonisolated let sessionID: String
    private let clock: C

    public private(set) var deadline: C.Instant
    public private(set) var isExpired = false
    public private(set) var extensions: [Duration] = []

    private var countdown: Task<Void, Never>?
    private var expiryHandlers: [@Sendable () -> Void] = []
    private var expiryWaiters: [CheckedContinuation<Void, Never>] = []

    public init(sessionID: String, allowance: Duration, clock: C) {
        self.sessionID = sessionID
        self.clock = clock
        self.deadline = clock.now.advanced(by: allowance)
    }

    public var remaining: Duration {
        isExpired ? .zero : clock.now.duration(to: deadline)
    }

    public func startCountdown() {
        countdown?.cancel()
        let clock = self.clock
        let deadline = self.deadline
        countdown = Task {
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return
            }
            self.expireIfDue()
        }
    }

    public func extend(by duration: Duration) {
        guard !isExpired else { return }
        deadline = deadline.advanced(by: duration)
        extensions.append(duration)
        if countdown != nil {
            startCountdown()
        }
    }

    /// Used by the Live Activity button, which cannot await.
    public nonisolated func extendInBackground(by duration: Duration) {
        Task {
            await self.extend(by: duration)
        }
    }

    public func onExpire(_ handler: @escaping @Sendable () -> Void) {
        expiryHandlers.append(handler)
    }

    public func waitForExpiry() async {
        if isExpired { return }
        await withCheckedContinuation { continuation in
            expiryWaiters.append(continuation)
        }
    }

    public func cancel() {
        countdown?.cancel()
        countdown = nil
    }

    private func expireIfDue() {
        guard !isExpired, clock.now >= deadline else { return }
        isExpired = true
        countdown = nil
        for handler in expiryHandlers {
            handler()
        }
        for waiter in expiryWaiters {
            waiter.resume()
        }
        expiryWaiters.removeAll()
    }
}
