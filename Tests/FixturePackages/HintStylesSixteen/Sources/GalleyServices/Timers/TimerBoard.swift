import GalleyModel

/// All running dish timers for the line, shown across the top of every station screen.
public actor TimerBoard {
    private let clock: KitchenClock
    public private(set) var runningDishes: [String] = []
    public private(set) var firedDishes: [String] = []

    public init(clock: KitchenClock) {
        self.clock = clock
    }

    public func start(dish: String, seconds: Double) {
        runningDishes.append(dish)
        let clock = self.clock
        let deadline = clock.now + seconds
        Task {
            try? await clock.sleep(until: deadline)
            self.markFired(dish)
        }
    }

    private func markFired(_ dish: String) {
        runningDishes.removeAll { $0 == dish }
        firedDishes.append(dish)
    }
}

/// View model for the timer strip on a station screen.
@MainActor
public final class TimerPanelModel {
    private let board: TimerBoard
    public private(set) var runningDishes: [String] = []

    public nonisolated init(board: TimerBoard) {
        self.board = board
    }

    /// Bound to the big "start" button next to each dish.
    public func tapStart(dish: String, seconds: Double) {
        let board = self.board
        Task {
            await board.start(dish: dish, seconds: seconds)
            self.runningDishes = await board.runningDishes
        }
    }
}
