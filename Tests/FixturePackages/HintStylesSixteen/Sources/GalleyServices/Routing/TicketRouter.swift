import GalleyModel

/// Overrides on top of each dish's home station, e.g. when the fryer is shared.
public struct RoutingRules: Sendable {
    public var overrides: [String: Station]

    public init(overrides: [String: Station]) {
        self.overrides = overrides
    }

    public func station(for dish: Dish) -> Station {
        overrides[dish.name.lowercased()] ?? dish.station
    }

    /// Onion rings go in the fryer even though the grill cook plates them.
    public static let standard = RoutingRules(overrides: ["onion rings": .fry])
}

/// Splits an order into one ticket per station.
public struct TicketRouter: Sendable {
    public var rules: RoutingRules

    public init(rules: RoutingRules = .standard) {
        self.rules = rules
    }

    public func split(_ order: Order, firstNumber: Int) -> [Ticket] {
        var byStation: [Station: [OrderLine]] = [:]
        for line in order.lines {
            byStation[rules.station(for: line.dish), default: []].append(line)
        }
        var number = firstNumber
        var tickets: [Ticket] = []
        for station in Station.allCases {
            guard let lines = byStation[station] else { continue }
            tickets.append(Ticket(number: number, orderID: order.id, station: station, lines: lines))
            number += 1
        }
        return tickets
    }
}
