/// A cooking station on the line. Tickets are routed to exactly one station.
public enum Station: String, Sendable, Hashable, CaseIterable, Codable {
    case grill
    case fry
    case pastry
    case cold
}
