import Foundation

public struct FolioTotals: Sendable, Equatable {
    public let subtotalCents: Int
    public let taxCents: Int

    public init(subtotalCents: Int, taxCents: Int) {
        self.subtotalCents = subtotalCents
        self.taxCents = taxCents
    }

    public var totalCents: Int { subtotalCents + taxCents }
}

/// Applies occupancy tax to room nights and sales tax to consumables.
public struct FolioCalculator: Sendable {
    public var occupancyTaxBasisPoints: Int
    public var salesTaxBasisPoints: Int

    public init(occupancyTaxBasisPoints: Int = 1_200, salesTaxBasisPoints: Int = 800) {
        self.occupancyTaxBasisPoints = occupancyTaxBasisPoints
        self.salesTaxBasisPoints = salesTaxBasisPoints
    }

    public func totals(for folio: Folio) -> FolioTotals {
        var tax = 0
        for charge in folio.charges {
            tax += Self.apply(basisPoints(for: charge.category), to: charge.amountCents)
        }
        return FolioTotals(subtotalCents: folio.subtotalCents, taxCents: tax)
    }

    private func basisPoints(for category: ChargeCategory) -> Int {
        switch category {
        case .roomNight, .lateCheckout: return occupancyTaxBasisPoints
        case .minibar, .roomService: return salesTaxBasisPoints
        case .parking: return 0
        }
    }

    private static func apply(_ basisPoints: Int, to cents: Int) -> Int {
        (cents * basisPoints + 5_000) / 10_000
    }
}
