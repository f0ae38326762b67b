/// Sums postings; the change rewrites `total`, which tests reach only through `Ledger.balance()`.
enum Rounding {
    static func total(_ values: [Int]) -> Int {
        var sum = 0
        for value in values { sum += value }
        return sum
    }
}
