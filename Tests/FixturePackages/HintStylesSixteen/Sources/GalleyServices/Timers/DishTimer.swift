import GalleyModel

/// A single countdown for one dish, e.g. a calamari basket.
public actor DishTimer {
    public let dish: String
    public let seconds: Double
    private let clock: KitchenClock
    public private(set) var hasFired = false
    public private(set) var isRunning = false

    public init(dish: String, seconds: Double, clock: KitchenClock) {
        self.dish = dish
        self.seconds = seconds
        self.clock = clock
    }

    public func start() {
        guard !isRunning else { return }
        isRunning = true
        let clock = self.clock
        let deadline = clock.now + seconds
        Task {
            try? await clock.sleep(until: deadline)
            self.ring()
        }
    }

    private func ring() {
        isRunning = false
        hasFired = true
    }
}
