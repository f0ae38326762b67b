import GalleyModel

/// The fry station: baskets go down, come up after their cook time.
public actor FryerStation {
    private let clock: KitchenClock
    private var inFlight = 0
    private var readyWaiters: [CheckedContinuation<Void, Never>] = []
    public private(set) var readyBaskets: [String] = []

    public init(clock: KitchenClock = WallKitchenClock()) {
        self.clock = clock
    }

    public func drop(basket: String, seconds: Double) {
        inFlight += 1
        let clock = self.clock
        let deadline = clock.now + seconds
        Task {
            try? await clock.sleep(until: deadline)
            self.lift(basket)
        }
    }

    /// Returns once every basket that is down has been lifted.
    public func waitUntilReady() async {
        guard inFlight > 0 else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            readyWaiters.append(continuation)
        }
    }

    private func lift(_ basket: String) {
        readyBaskets.append(basket)
        inFlight -= 1
        guard inFlight == 0 else { return }
        let waiters = readyWaiters
        readyWaiters.removeAll()
        for waiter in waiters {
            waiter.resume()
        }
    }
}
