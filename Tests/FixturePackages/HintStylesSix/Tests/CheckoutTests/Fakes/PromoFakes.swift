import Foundation
@testable import Checkout

struct FakePromoValidator: PromoValidator {
    var accepted: Set<String> = ["SAVE10", "FREESHIP"]

    func validate(_ code: String) async -> Bool {
        accepted.contains(code)
    }
}

final class SpyPromoValidator: PromoValidator, @unchecked Sendable {
    private let recorded = Locked<[String]>([])
    let accepted: Set<String>

    init(accepted: Set<String> = ["SAVE10"]) {
        self.accepted = accepted
    }

    var validatedCodes: [String] { recorded.value }

    func validate(_ code: String) async -> Bool {
        recorded.withValue { $0.append(code) }
        return accepted.contains(code)
    }
}
