import Foundation

/// Hands out sequential invoice numbers per marina, e.g. `NRH-0007`.
public actor InvoiceNumbering {
    private var counters: [String: Int] = [:]

    public init() {}

    public func next() -> String {
        let code = HarbourContext.marinaCode
        let number = (counters[code] ?? 0) + 1
        counters[code] = number
        return code + "-" + String(format: "%04d", number)
    }
}
