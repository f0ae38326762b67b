public struct Receipt: Hashable, Sendable {
    public let orderID: String
    public let lines: [OrderLine]
    public let subtotalCents: Int
    public let serviceChargeCents: Int
    public let currencyCode: String

    public init(orderID: String, lines: [OrderLine], subtotalCents: Int, serviceChargeCents: Int, currencyCode: String) {
        self.orderID = orderID
        self.lines = lines
        self.subtotalCents = subtotalCents
        self.serviceChargeCents = serviceChargeCents
        self.currencyCode = currencyCode
    }

    public var totalCents: Int { subtotalCents + serviceChargeCents }
}
