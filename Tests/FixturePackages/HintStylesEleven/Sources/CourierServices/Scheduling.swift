import Foundation
import CourierModel

/// Runs work later. Injected so reminders and timeouts can be tested without waiting.
public protocol DeliveryScheduler: Sendable {
    var now: Date { get }
    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () async -> Void)
}

extension DeliveryScheduler {
    public func schedule(at date: Date, _ action: @escaping @Sendable () async -> Void) {
        schedule(after: max(0, date.timeIntervalSince(now)), action)
    }
}

/// The production scheduler.
public struct TaskSleepScheduler: DeliveryScheduler {
    public init() {}

    public var now: Date { Date() }

    public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () async -> Void) {
        Task {
            try? await Task.sleep(nanoseconds: UInt64(max(0, delay) * 1_000_000_000))
            await action()
        }
    }
}

/// Nudges the courier if food has been sitting at the pass too long.
public actor PickupReminderService {
    private let scheduler: any DeliveryScheduler
    private let store: any OrderStore
    private let notifier: any CourierNotifying
    private let gracePeriod: TimeInterval
    public private(set) var remindersSent: [OrderID] = []

    public init(scheduler: any DeliveryScheduler, store: any OrderStore, notifier: any CourierNotifying, gracePeriod: TimeInterval = 300) {
        self.scheduler = scheduler
        self.store = store
        self.notifier = notifier
        self.gracePeriod = gracePeriod
    }

    public func orderBecameReady(_ orderID: OrderID, courier: CourierID) {
        scheduler.schedule(after: gracePeriod) { [weak self] in
            await self?.remindIfStillWaiting(orderID, courier: courier)
        }
    }

    private func remindIfStillWaiting(_ orderID: OrderID, courier: CourierID) async {
        guard let order = await store.order(orderID), order.status == .readyForPickup else { return }
        remindersSent.append(orderID)
        let minutes = Int(gracePeriod / 60)
        await notifier.notify(courier, message: "Order \(orderID) has been waiting \(minutes) min at the pass.")
    }
}

/// Cancels orders the restaurant never accepted, so the customer is not left hanging.
public actor OrderTimeoutMonitor {
    private let scheduler: any DeliveryScheduler
    private let store: any OrderStore
    private let customerNotifier: any CustomerNotifying
    private let acceptanceWindow: TimeInterval
    public private(set) var cancelledOrders: [OrderID] = []

    public init(scheduler: any DeliveryScheduler, store: any OrderStore, customerNotifier: any CustomerNotifying, acceptanceWindow: TimeInterval = 600) {
        self.scheduler = scheduler
        self.store = store
        self.customerNotifier = customerNotifier
        self.acceptanceWindow = acceptanceWindow
    }

    public func watch(_ order: Order) {
        let deadline = order.placedAt.addingTimeInterval(acceptanceWindow)
        let orderID = order.id
        scheduler.schedule(at: deadline) { [weak self] in
            await self?.expireIfUnaccepted(orderID)
        }
    }

    private func expireIfUnaccepted(_ orderID: OrderID) async {
        guard let current = await store.order(orderID), current.status == .placed else { return }
        await store.updateStatus(orderID, to: .cancelled)
        cancelledOrders.append(orderID)
        await customerNotifier.notify(
            current.customerID,
            message: "Sorry - the restaurant couldn't take order \(orderID). You have not been charged."
        )
    }
}
