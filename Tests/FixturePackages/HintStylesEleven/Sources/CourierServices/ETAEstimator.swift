import Foundation
import CourierModel

public enum TrafficLevel: String, Sendable, CaseIterable {
    case light
    case moderate
    case heavy

    public var travelMultiplier: Double {
        switch self {
        case .light: return 1.0
        case .moderate: return 1.3
        case .heavy: return 1.7
        }
    }
}

/// Current traffic, bound per request by the quoting endpoint from the city traffic feed.
public enum TrafficConditions {
    @TaskLocal public static var current: TrafficLevel = .light
}

public struct ETAEstimator: Sendable {
    public var basePrepMinutes: Int
    public var prepMinutesPerItem: Int
    public var handoffMinutes: Int

    public init(basePrepMinutes: Int = 8, prepMinutesPerItem: Int = 2, handoffMinutes: Int = 3) {
        self.basePrepMinutes = basePrepMinutes
        self.prepMinutesPerItem = prepMinutesPerItem
        self.handoffMinutes = handoffMinutes
    }

    public func prepMinutes(for order: Order) -> Int {
        basePrepMinutes + prepMinutesPerItem * order.itemCount
    }

    public func travelMinutes(from start: Coordinate, to end: Coordinate, by vehicle: Vehicle) -> Int {
        let kilometres = start.distanceKilometres(to: end)
        let hours = kilometres / vehicle.averageSpeedKmh
        let minutes = hours * 60 * TrafficConditions.current.travelMultiplier
        return max(1, Int(minutes.rounded(.up)))
    }

    public func estimate(for order: Order, courier: Courier) -> DeliveryEstimate {
        DeliveryEstimate(
            orderID: order.id,
            courierID: courier.id,
            prepMinutes: prepMinutes(for: order),
            courierArrivalMinutes: travelMinutes(from: courier.location, to: order.pickup, by: courier.vehicle),
            travelMinutes: travelMinutes(from: order.pickup, to: order.dropoff, by: courier.vehicle),
            handoffMinutes: handoffMinutes
        )
    }
}

/// Quotes the checkout screen's "Arrives in N min" using the best available courier.
public actor DeliveryQuoteService {
    private let directory: any CourierDirectory
    private let estimator: ETAEstimator

    public init(directory: any CourierDirectory, estimator: ETAEstimator = ETAEstimator()) {
        self.directory = directory
        self.estimator = estimator
    }

    /// Estimates every candidate concurrently and returns the fastest quote.
    public func quote(for order: Order) async -> DeliveryEstimate? {
        let couriers = await directory.availableCouriers()
        let estimator = self.estimator
        return await withTaskGroup(of: DeliveryEstimate.self) { group in
            for courier in couriers {
                group.addTask {
                    estimator.estimate(for: order, courier: courier)
                }
            }
            var best: DeliveryEstimate?
            for await estimate in group {
                if let current = best, current.totalMinutes <= estimate.totalMinutes {
                    continue
                }
                best = estimate
            }
            return best
        }
    }
}
