import Foundation

/// Issues invoice numbers such as `RIV-000042`, numbered separately per branch.
public final class InvoiceNumberer: @unchecked Sendable {
    private let counters = Locked<[String: Int]>([:])

    public init() {}

    public func next() -> String {
        let branch = ClinicContext.branchID
        let prefix = String(branch.uppercased().prefix(3))
        let sequence = counters.withLock { counters -> Int in
            counters[branch, default: 0] += 1
            return counters[branch]!
        }
        let digits = String(sequence)
        return prefix + "-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
