import Foundation
import CourierModel

public struct BillingRegion: Hashable, Sendable {
    public var code: String
    public var taxBasisPoints: Int
    public var serviceFeeBasisPoints: Int
    public var baseDeliveryFee: Money
    public var perKilometreFee: Money

    public init(code: String, taxBasisPoints: Int, serviceFeeBasisPoints: Int, baseDeliveryFee: Money, perKilometreFee: Money) {
        self.code = code
        self.taxBasisPoints = taxBasisPoints
        self.serviceFeeBasisPoints = serviceFeeBasisPoints
        self.baseDeliveryFee = baseDeliveryFee
        self.perKilometreFee = perKilometreFee
    }

    public static let california = BillingRegion(
        code: "US-CA", taxBasisPoints: 725, serviceFeeBasisPoints: 1_000,
        baseDeliveryFee: Money(cents: 199), perKilometreFee: Money(cents: 50)
    )

    public static let ontario = BillingRegion(
        code: "CA-ON", taxBasisPoints: 1_300, serviceFeeBasisPoints: 800,
        baseDeliveryFee: Money(cents: 249), perKilometreFee: Money(cents: 40)
    )
}

/// The billing region for the current request; bound by the API layer from the
/// customer's delivery address.
public enum BillingContext {
    @TaskLocal public static var region: BillingRegion = .california
}

public struct ReceiptCalculator: Sendable {
    public init() {}

    public func deliveryFee(for order: Order, in region: BillingRegion) -> Money {
        let kilometres = order.pickup.distanceKilometres(to: order.dropoff)
        return region.baseDeliveryFee + region.perKilometreFee * Int(kilometres.rounded(.up))
    }

    public func receipt(for order: Order, issuedAt: Date = Date()) -> Receipt {
        let region = BillingContext.region
        let subtotal = order.subtotal
        let serviceFee = subtotal.applying(basisPoints: region.serviceFeeBasisPoints)
        let tax = (subtotal + serviceFee).applying(basisPoints: region.taxBasisPoints)
        let lines = order.items.map {
            ReceiptLine(description: "\($0.quantity)x \($0.name)", amount: $0.total)
        }
        return Receipt(
            orderID: order.id,
            regionCode: region.code,
            lines: lines,
            subtotal: subtotal,
            deliveryFee: deliveryFee(for: order, in: region),
            serviceFee: serviceFee,
            tax: tax,
            tip: order.tip,
            issuedAt: issuedAt
        )
    }
}

/// Issues exactly one receipt per delivered order and emails it to the customer.
public actor ReceiptService {
    private let calculator: ReceiptCalculator
    private let mailer: any ReceiptMailing
    private var issued: [OrderID: Receipt] = [:]
    public private(set) var failedDeliveries: [OrderID] = []

    public init(calculator: ReceiptCalculator = ReceiptCalculator(), mailer: any ReceiptMailing) {
        self.calculator = calculator
        self.mailer = mailer
    }

    @discardableResult
    public func issueReceipt(for order: Order) async -> Receipt {
        if let existing = issued[order.id] {
            return existing
        }
        let receipt = calculator.receipt(for: order)
        issued[order.id] = receipt
        do {
            try await mailer.send(receipt, to: order.customerID)
        } catch {
            failedDeliveries.append(order.id)
        }
        return receipt
    }

    public func issuedReceipt(for orderID: OrderID) -> Receipt? {
        issued[orderID]
    }

    public var issuedCount: Int {
        issued.count
    }

    /// Called from the push handler when the courier swipes "Delivered".
    public nonisolated func issueReceiptInBackground(for order: Order) {
        Task {
            await self.issueReceipt(for: order)
        }
    }
}
