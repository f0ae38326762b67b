import Foundation
import Testing
import PawModel
import PawServices

@Suite("Lab results")
struct LabResultsTests {
    @Test func interfaceEngineStreamsTheParsedPanel() async throws {
        let feed = LabResultsFeed()
        let events = feed.events()
        let engine = LabInterfaceEngine(feed: feed)

        engine.receive(Fixtures.cbcMessage)

        var first: LabFeedEvent?
        for await event in events {
            first = event
            break
        }
        guard case .resulted(let result)? = first else {
            Issue.record("expected a parsed CBC, got \(String(describing: first))")
            return
        }
        #expect(result.panel == .cbc)
        #expect(result.measurements.map(\.name) == ["WBC", "HCT", "PLT"])
        #expect(result.flagged.isEmpty)
    }

    @MainActor
    @Test func detailScreenShowsTheResultOnceFetched() async {
        let client = StubLabClient(results: [Fixtures.cbcOrder.id: Fixtures.cbcResult])
        let model = LabResultsViewModel(client: client, triage: CriticalValueTriage(pager: ClosurePager { _ in }, onCallVet: "Dr. Okafor"))

        model.watch(Fixtures.cbcOrder.id)
        let giveUp = ContinuousClock.now + .seconds(5)
        while model.latestResult == nil, ContinuousClock.now < giveUp {
            await Task.yield()
        }

        #expect(model.latestResult?.orderID == Fixtures.cbcOrder.id)
        #expect(model.latestResult?.petID == Fixtures.biscuit.id)
    }

    @Test func orderPastTurnaroundIsFlaggedOverdue() {
        let scheduler = ManualClinicScheduler(start: Fixtures.referenceDate)
        let tracker = LabOrderTracker(scheduler: scheduler, turnaround: 48 * 3600)
        tracker.place(Fixtures.cbcOrder)
        tracker.place(Fixtures.thyroidOrder)
        tracker.record(Fixtures.cbcResult)

        scheduler.advance(by: 49 * 3600)

        #expect(tracker.overdueOrders.map(\.id) == [Fixtures.thyroidOrder.id])
        #expect(tracker.status(of: Fixtures.cbcOrder.id) == .resulted)
    }

    @Test func criticalPotassiumPagesTheOnCallVet() async {
        let pages = Locked<[PageMessage]>([])

        await confirmation("on-call vet paged", expectedCount: 1) { paged in
            let triage = CriticalValueTriage(
                pager: ClosurePager { message in
                    pages.withLock { $0.append(message) }
                    paged()
                },
                onCallVet: "Dr. Okafor"
            )
            await triage.process(Fixtures.criticalChemistry)
        }

        #expect(pages.snapshot.first?.vet == "Dr. Okafor")
        #expect(pages.snapshot.first?.summary == "CRITICAL chemistry: K 8.9 mmol/L")
    }

    @MainActor
    @Test func pushedResultBumpsTheUnreadCount() async {
        let model = LabResultsViewModel(
            client: StubLabClient(),
            triage: CriticalValueTriage(pager: ClosurePager { _ in }, onCallVet: "Dr. Okafor")
        )

        model.receive(Fixtures.criticalChemistry)
        await Task.yield()
        await Task.yield()

        #expect(model.unreadCount == 1)
        #expect(model.criticalCount == 1)
    }
}
