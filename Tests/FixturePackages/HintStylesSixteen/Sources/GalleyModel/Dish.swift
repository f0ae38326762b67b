/// A menu item as the kitchen sees it.
public struct Dish: Hashable, Sendable {
    public let name: String
    public let station: Station
    public let priceCents: Int
    public let cookSeconds: Int

    public init(name: String, station: Station, priceCents: Int, cookSeconds: Int) {
        self.name = name
        self.station = station
        self.priceCents = priceCents
        self.cookSeconds = cookSeconds
    }
}
