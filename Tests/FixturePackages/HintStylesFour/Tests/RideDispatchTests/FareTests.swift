import RideDispatch
import Testing

struct FareTests {
    let calculator = FareCalculator()

    @Test func minimumFareForShortHop() {
        #expect(calculator.fare(forKilometres: 0.5) == 6.0)
        #expect(calculator.fare(forKilometres: 10) == 18.0)
    }

    @Test func airportSurcharge() {
        let fare = RideContext.$region.withValue("airport") {
            calculator.regionalFare(forKilometres: 10)
        }

        #expect(fare == 25.5)
    }

    @Test(.region("downtown")) func downtownSurchargeViaTrait() {
        #expect(calculator.regionalFare(forKilometres: 10) == 20.0)
    }

    @Test func quoteAppliesSurge() async {
        let service = FareQuoteService(surge: FixedSurge(multiplier: 1.5))

        let quote = await service.quote(kilometres: 10)

        #expect(quote == 27.0)
    }
}
