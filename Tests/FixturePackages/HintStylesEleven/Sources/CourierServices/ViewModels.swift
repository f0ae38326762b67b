import Foundation
import CourierModel

/// The restaurant tablet's list of today's orders.
@MainActor
public final class OrderStatusBoardViewModel {
    public struct Row: Equatable, Sendable, Identifiable {
        public let id: OrderID
        public let title: String
        public let status: OrderStatus
        public let statusText: String

        public init(order: Order) {
            self.id = order.id
            self.title = "#\(order.id) - \(order.itemCount) items"
            self.status = order.status
            self.statusText = order.status.displayName
        }
    }

    public enum Filter: Equatable, Sendable {
        case all
        case active
        case status(OrderStatus)
    }

    public private(set) var rows: [Row] = []
    public private(set) var isLoading = false
    public private(set) var filter: Filter = .all

    private var orders: [Order] = []
    private let store: any OrderStore
    private var loadTask: Task<Void, Never>?
    private var renderTask: Task<Void, Never>?

    public init(store: any OrderStore) {
        self.store = store
    }

    /// Pull-to-refresh.
    public func reload() {
        isLoading = true
        loadTask?.cancel()
        let store = self.store
        loadTask = Task {
            let latest = await store.allOrders()
            guard !Task.isCancelled else { return }
            self.orders = latest
            self.isLoading = false
            self.render()
        }
    }

    public func reloadAndWait() async {
        reload()
        await loadTask?.value
    }

    /// Snapshot pushed over the restaurant websocket.
    public func receive(_ snapshot: [Order]) {
        orders = snapshot
        isLoading = false
        scheduleRender()
    }

    public func show(_ filter: Filter) {
        self.filter = filter
        scheduleRender()
    }

    /// Coalesces bursts of websocket pushes and filter taps into one render per turn.
    private func scheduleRender() {
        guard renderTask == nil else { return }
        renderTask = Task {
            self.renderTask = nil
            self.render()
        }
    }

    private func render() {
        rows = orders.filter { matches($0) }.map { Row(order: $0) }
    }

    private func matches(_ order: Order) -> Bool {
        switch filter {
        case .all: return true
        case .active: return !order.status.isTerminal
        case .status(let status): return order.status == status
        }
    }
}

/// The customer's live map of their courier.
@MainActor
public final class TrackingMapViewModel {
    public struct Marker: Equatable, Sendable {
        public let courierID: CourierID
        public var orderID: OrderID
        public var coordinate: Coordinate
        public var updatedAt: Date
    }

    public private(set) var markers: [CourierID: Marker] = [:]
    public private(set) var renderPasses = 0

    private var pending: [TrackingPing] = []
    private var flushTask: Task<Void, Never>?

    public init() {}

    /// Pings arrive in bursts; coalesce them into a single map update per main-actor turn.
    public func courierMoved(_ ping: TrackingPing) {
        pending.append(ping)
        guard flushTask == nil else { return }
        flushTask = Task {
            self.flush()
        }
    }

    @discardableResult
    public func bind(to feed: LiveTrackingFeed) -> UUID {
        feed.observe { [weak self] ping in
            Task { @MainActor in
                self?.courierMoved(ping)
            }
        }
    }

    private func flush() {
        flushTask = nil
        let batch = pending.sorted { $0.recordedAt < $1.recordedAt }
        pending.removeAll()
        for ping in batch {
            if let existing = markers[ping.courierID], existing.updatedAt > ping.recordedAt {
                continue
            }
            markers[ping.courierID] = Marker(
                courierID: ping.courierID,
                orderID: ping.orderID,
                coordinate: ping.coordinate,
                updatedAt: ping.recordedAt
            )
        }
        renderPasses += 1
    }
}

/// The checkout sheet: tip picker and price breakdown.
@MainActor
public final class CheckoutViewModel {
    public enum TipChoice: Equatable, Sendable {
        case none
        case percent(Int)
        case custom(Money)
    }

    public private(set) var tipChoice: TipChoice = .none
    public private(set) var breakdown: Receipt
    public private(set) var totalText: String

    private var order: Order
    private let calculator: ReceiptCalculator
    private var recalculation: Task<Void, Never>?

    public init(order: Order, calculator: ReceiptCalculator = ReceiptCalculator()) {
        self.order = order
        self.calculator = calculator
        let initial = calculator.receipt(for: order)
        self.breakdown = initial
        self.totalText = initial.total.description
    }

    public func selectTip(_ choice: TipChoice) {
        tipChoice = choice
        recalculation?.cancel()
        recalculation = Task {
            guard !Task.isCancelled else { return }
            self.recalculate()
        }
    }

    private func recalculate() {
        switch tipChoice {
        case .none:
            order.tip = .zero
        case .percent(let percent):
            order.tip = order.subtotal.applying(basisPoints: percent * 100)
        case .custom(let amount):
            order.tip = amount
        }
        breakdown = calculator.receipt(for: order)
        totalText = breakdown.total.description
    }
}
