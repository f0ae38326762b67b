public protocol RateProvider: Sendable {
    func taxRate(region: String) async -> Double
    func shippingRate(region: String) async -> Int
}

public struct PricingEngine: Sendable {
    let rates: any RateProvider
    public init(rates: any RateProvider) { self.rates = rates }

    public func tax(on subtotal: Int, region: String) async -> Int {
        let rate = await rates.taxRate(region: region)
        return Self.roundHalfUp(Double(subtotal) * rate)
    }

    public func shipping(region: String) async -> Int {
        await rates.shippingRate(region: region)
    }

    public static func roundHalfUp(_ value: Double) -> Int {
        Int((value + 0.5).rounded(.down))
    }
}
