import XCTest
@testable import Checkout

@MainActor
final class PromoCodeViewModelTests: BaseTestCase {
    func testHappyPath() async {
        let clock = TestClock()
        let viewModel = PromoCodeViewModel(validator: FakePromoValidator(), clock: clock)

        viewModel.codeChanged("SAVE10")
        for _ in 0..<3 {
            await clock.advance(by: .milliseconds(100))
            await Task.yield()
        }

        XCTAssertEqual(viewModel.status, .valid("SAVE10"))
    }

    func testRapidTypingValidatesOnlyLastCode() async {
        let clock = TestClock()
        let validator = SpyPromoValidator()
        let viewModel = PromoCodeViewModel(validator: validator, clock: clock)

        viewModel.codeChanged("SAV")
        await clock.advance(by: .milliseconds(200))
        viewModel.codeChanged("SAVE10")
        await clock.advance(by: .milliseconds(200))

        XCTAssertEqual(validator.validatedCodes, [])

        await clock.advance(by: .milliseconds(100))
        XCTAssertEqual(validator.validatedCodes, ["SAVE10"])
        XCTAssertEqual(viewModel.validationCount, 1)
    }

    func testClearingCodeResetsImmediately() async {
        let viewModel = PromoCodeViewModel(validator: FakePromoValidator(), clock: TestClock())

        viewModel.codeChanged("")

        XCTAssertEqual(viewModel.status, .idle)
        XCTAssertEqual(viewModel.validationCount, 0)
    }
}
