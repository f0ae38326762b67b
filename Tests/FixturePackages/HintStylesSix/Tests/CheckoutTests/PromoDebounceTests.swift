import Testing
@testable import Checkout

@MainActor
struct PromoDebounceTests {
    @Test func debounceFiresAfterQuietPeriod() async {
        let clock = TestClock()
        let validator = SpyPromoValidator()
        let viewModel = PromoCodeViewModel(validator: validator, clock: clock, debounce: .milliseconds(250))

        viewModel.codeChanged("FREESHIP")
        await clock.advance(by: .milliseconds(250))

        #expect(validator.validatedCodes == ["FREESHIP"])
        #expect(viewModel.status == .invalid("FREESHIP"))
    }

    @Test func immediateClockSettlesWithYields() async {
        let viewModel = PromoCodeViewModel(validator: FakePromoValidator(), clock: ImmediateClock())

        viewModel.codeChanged("SAVE10")
        await settle()

        #expect(viewModel.status == .valid("SAVE10"))
    }

    @Test func realClockDebounce() async throws {
        let viewModel = PromoCodeViewModel(
            validator: FakePromoValidator(),
            clock: SystemSleepClock(),
            debounce: .milliseconds(20)
        )

        viewModel.codeChanged("BOGUS")
        try await Task.sleep(for: .milliseconds(200))

        #expect(viewModel.status == .invalid("BOGUS"))
    }
}
