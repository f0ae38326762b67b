import ParkingCore

public struct RateCalculator: Sendable {
    private static let hourlyCents: [Region: Int] = [.us: 300, .eu: 250, .uk: 280]

    public init() {}

    /// Prices a stay in the ambient region, billing per started quarter hour.
    public func price(for stay: Duration) -> Money {
        let region = ParkingContext.region
        let hourly = Self.hourlyCents[region] ?? 300
        let minutes = stay.wholeMinutes
        let quarters = (minutes + 14) / 15
        return Money(cents: quarters * hourly / 4, currency: region.currency)
    }
}
