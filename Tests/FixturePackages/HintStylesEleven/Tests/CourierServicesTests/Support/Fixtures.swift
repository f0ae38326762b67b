import Foundation
import CourierModel

/// Canonical test data: a noodle bar in Flatiron delivering to the Upper West Side.
enum Fixtures {
    static let referenceDate = Date(timeIntervalSince1970: 1_717_430_400)

    static let restaurant: RestaurantID = "r-lucky-noodle"
    static let closedRestaurant: RestaurantID = "r-closed-diner"
    static let customer: CustomerID = "cust-4471"

    static let kitchen = Coordinate(latitude: 40.7411, longitude: -73.9897)
    static let customerHome = Coordinate(latitude: 40.7794, longitude: -73.9632)
    static let nearbyCorner = Coordinate(latitude: 40.7440, longitude: -73.9870)
    static let acrossTown = Coordinate(latitude: 40.7061, longitude: -74.0087)

    static let danDanNoodles = LineItem(name: "Dan Dan Noodles", quantity: 2, unitPrice: Money(cents: 1_250), station: .wok)
    static let saltPepperFries = LineItem(name: "Salt & Pepper Fries", quantity: 1, unitPrice: Money(cents: 650), station: .fryer)
    static let jasmineIcedTea = LineItem(name: "Jasmine Iced Tea", quantity: 1, unitPrice: Money(cents: 425), station: .drinks)

    /// Subtotal $35.75, four items, three stations.
    static let standardBasket: [LineItem] = [danDanNoodles, saltPepperFries, jasmineIcedTea]

    static func order(
        _ id: OrderID,
        items: [LineItem] = Fixtures.standardBasket,
        restaurant: RestaurantID = Fixtures.restaurant,
        status: OrderStatus = .placed,
        tip: Money = .zero,
        pickup: Coordinate = Fixtures.kitchen,
        placedAt: Date = Fixtures.referenceDate
    ) -> Order {
        Order(
            id: id,
            customerID: Fixtures.customer,
            restaurantID: restaurant,
            items: items,
            pickup: pickup,
            dropoff: Fixtures.customerHome,
            tip: tip,
            status: status,
            placedAt: placedAt
        )
    }

    static func courier(_ id: CourierID, vehicle: Vehicle = .scooter, at location: Coordinate, available: Bool = true) -> Courier {
        Courier(id: id, name: "Courier \(id)", vehicle: vehicle, location: location, isAvailable: available)
    }

    static func ping(courier: CourierID, order: OrderID, at coordinate: Coordinate, secondsAfterReference: TimeInterval = 0) -> TrackingPing {
        TrackingPing(
            courierID: courier,
            orderID: order,
            coordinate: coordinate,
            recordedAt: referenceDate.addingTimeInterval(secondsAfterReference)
        )
    }

    static func tickets(for orderID: OrderID, stations: [KitchenStation]) -> [KitchenTicket] {
        stations.enumerated().map { index, station in
            KitchenTicket(orderID: orderID, station: station, sequence: index + 1, lines: ["1x item for \(station.rawValue)"])
        }
    }
}
