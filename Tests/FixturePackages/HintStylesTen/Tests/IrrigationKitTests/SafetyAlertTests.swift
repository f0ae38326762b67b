import Testing
import IrrigationCore
import IrrigationKit

@Suite struct SafetyAlertTests {
    @Test func inlineDeliveryPagesBeforeEvaluateReturns() {
        let center = AlertCenter()
        let pager = RecordingPager()
        center.register(pager)
        let frostGuard = FrostGuard(alerts: center, thresholdCelsius: 1.0)

        let raised = AlertDelivery.$mode.withValue(.inline) {
            frostGuard.evaluate(airTemperature: 0.5)
        }

        #expect(pager.pages.map(\.severity) == [.critical])
        #expect(raised)
        #expect(pager.pages.first?.source == "FrostGuard")
    }

    @Test func frostAlertIsPagedExactlyOnce() async {
        let center = AlertCenter()
        let pager = RecordingPager()
        center.register(pager)
        let frostGuard = FrostGuard(alerts: center, thresholdCelsius: 1.0)

        await confirmation("grower paged", expectedCount: 1) { paged in
            pager.onPage = { _ in paged() }
            frostGuard.evaluate(airTemperature: -0.5)
            await pager.waitForPages(1)
        }

        #expect(pager.pages.first?.kind == .frostRisk(airTemperature: -0.5))
    }

    @Test func evaluatingFrostNeverDoublePages() {
        let center = AlertCenter()
        let pager = RecordingPager()
        center.register(pager)
        let frostGuard = FrostGuard(alerts: center)

        frostGuard.evaluate(airTemperature: -1.5)

        #expect(pager.pages.count <= 1)
        #expect(center.history.count == 1)
    }

    @Test func leakAlertReachesPagerAfterSettling() async {
        let center = AlertCenter()
        let pager = RecordingPager()
        center.register(pager)
        let detector = LeakDetector(alerts: center)

        detector.inspect(flowLitersPerMinute: 2.4, openZones: [])
        await letAlertsSettle()

        #expect(pager.pages.map(\.kind) == [.unexpectedFlow(litersPerMinute: 2.4)])
        #expect(pager.pages.first?.severity == .critical)
    }
}
