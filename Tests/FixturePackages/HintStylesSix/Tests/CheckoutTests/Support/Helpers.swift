import Foundation
@testable import Checkout

/// Yields a bunch of times so freshly enqueued tasks get a turn.
func settle(_ iterations: Int = 25) async {
    for _ in 0..<iterations {
        await Task.yield()
    }
}

/// Polls `condition` until it holds or `timeout` elapses.
@discardableResult
func eventually(
    timeout: Duration = .seconds(1),
    every interval: Duration = .milliseconds(10),
    _ condition: @Sendable () async -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return await condition()
}

enum Fixtures {
    static func order(id: String = "ord_1") -> Order {
        Order(id: id, items: [
            LineItem(sku: "mug", name: "Enamel mug", unitPrice: 1_250),
            LineItem(sku: "sticker", name: "Sticker pack", unitPrice: 49),
        ])
    }

    static func authorization(id: String = "auth_1", amount: Int = 5_750) -> Authorization {
        Authorization(id: id, amount: amount)
    }

    static func state(discount: Int = 0) -> CheckoutState {
        CheckoutState(items: [
            LineItem(sku: "mug", name: "Enamel mug", unitPrice: 1_000),
        ], discountPercent: discount)
    }
}
