import Testing
import CourierModel
import CourierServices

@MainActor
@Suite struct CheckoutViewModelTests {
    @Test func tipSelectionUpdatesBreakdownAfterOneYield() async {
        let viewModel = CheckoutViewModel(order: Fixtures.order("o-1901"))

        viewModel.selectTip(.percent(20))
        await Task.yield()

        // 20% of $35.75, rounded half up to the cent.
        #expect(viewModel.breakdown.tip == Money(cents: 715))
        #expect(viewModel.totalText == viewModel.breakdown.total.description)
        #expect(viewModel.tipChoice == .percent(20))
    }
}
