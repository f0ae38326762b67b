// Confirmations: one confirmed as expected; one expects 2 and gets 1 (fails).

import Testing

@Suite struct Confirmations {
    @Test func confirmedOnce() async {
        await confirmation("confirmed once") { confirmed in
            confirmed()
        }
    }

    @Test func notConfirmedEnough() async {
        await confirmation("wants two", expectedCount: 2) { confirmed in
            confirmed()
        }
    }
}
