import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckModel

/// The shapes issue #54 named, each in a few lines: work followed to its end at any depth, what resumes a
/// wait, loops that yield until the product's state says so, and only the waits before the check that
/// reads the work's result. Read by name (no index), so each rule is pinned without a build.
@Suite struct HintDepthTests {
    static func hint(_ test: String, in files: [String: String]) -> SynchronisationHint? {
        HintDetector(index: SourceIndex(files: files)).hint(
            for: TestIdentity(canonicalID: "M.T/\(test)", framework: .xctest))
    }

    static let product = """
        public final class Telemetry {
            let batcher = Batcher()
            nonisolated public func record(_ value: Int) { batcher.add(value) }
        }
        final class Batcher {
            let uplink = Uplink()
            func add(_ value: Int) { uplink.transmit(value) }
        }
        final class Uplink {
            var sent: [Int] = []
            func transmit(_ value: Int) { Task.detached { self.sent.append(value) } }
        }
        public final class History {
            var flush: Task<Void, Never>?
            public func quiesce() async { await drain() }
            func drain() async { await waitForWrites() }
            func waitForWrites() async { await flush?.value }
            public func write() { flush = Task { } }
        }
        """

    @Test func aTaskFiredThreeCallsDownIsUnstructured() {
        let files = [
            "/p/Sources/M/Telemetry.swift": Self.product,
            "/p/Tests/M/T.swift": """
            final class T: XCTestCase {
                func testRecord() {
                    let telemetry = Telemetry()
                    telemetry.record(1)
                    XCTAssertEqual(telemetry.batcher.uplink.sent, [1])
                }
            }
            """,
        ]
        #expect(Self.hint("testRecord", in: files) == .unstructuredTask)
    }

    @Test func aTaskValueAwaitedThreeCallsBelowAHelperIsAGate() {
        let files = [
            "/p/Sources/M/Telemetry.swift": Self.product,
            "/p/Tests/M/T.swift": """
            final class T: XCTestCase {
                func testWrite() async {
                    let history = History()
                    history.write()
                    await settleEverything(history)
                    XCTAssertNil(history.flush)
                }
            }
            func settleEverything(_ history: History) async { await history.quiesce() }
            """,
        ]
        #expect(Self.hint("testWrite", in: files) == .continuationGated)
        // The reading says which line decided it and the calls from there to the wait.
        let reading = HintDetector(index: SourceIndex(files: files)).reading(
            for: TestIdentity(canonicalID: "M.T/testWrite", framework: .xctest))
        #expect(reading?.reason?.location == "/p/Tests/M/T.swift:5")
        #expect(reading?.reason?.chain == ["settleEverything", "quiesce", "drain", "waitForWrites"])
    }

    @Test func aContinuationATimerResumesIsASleep() {
        let files = [
            "/p/Tests/M/T.swift": """
            final class T: XCTestCase {
                func testLatency() async {
                    let model = Model()
                    model.start()
                    await waitForLatency()
                    XCTAssertTrue(model.done)
                }
                func testExpectationATimerFulfils() {
                    let later = expectation(description: "later")
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { later.fulfill() }
                    wait(for: [later], timeout: 1)
                    XCTAssertTrue(true)
                }
            }
            func waitForLatency() async {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { continuation.resume() }
                }
            }
            """
        ]
        #expect(Self.hint("testLatency", in: files) == .sleepGated)
        #expect(Self.hint("testExpectationATimerFulfils", in: files) == .sleepGated)
    }

    /// The timer can sit in the code under test, in the function the continuation is handed to: that
    /// function's one resume comes after a timer (`asyncAfter`, a task that sleeps first). One whose timer is
    /// a timeout beside a resume from its work is a gate on that work.
    @Test func aContinuationHandedToAFunctionThatResumesItFromATimerIsASleep() {
        let files = [
            "/p/Sources/M/Courier.swift": """
            public enum Courier {
                public static func deliverLater(_ continuation: CheckedContinuation<Int, Never>) {
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
                        continuation.resume(returning: 1)
                    }
                }
                public static func deliverAfterNap(_ continuation: CheckedContinuation<Int, Never>) {
                    Task.detached {
                        try? await Task.sleep(nanoseconds: 50_000_000)
                        continuation.resume(returning: 2)
                    }
                }
                public static func deliverOrTimeOut(_ continuation: CheckedContinuation<Int, Never>) {
                    let box = Once()
                    DispatchQueue.global().asyncAfter(deadline: .now() + 5) { if box.claim() { continuation.resume(returning: 0) } }
                    Inbox.shared.onMessage { value in if box.claim() { continuation.resume(returning: value) } }
                }
            }
            """,
            "/p/Tests/M/T.swift": """
            final class T: XCTestCase {
                func testLater() async {
                    let value = await withCheckedContinuation { Courier.deliverLater($0) }
                    XCTAssertEqual(value, 1)
                }
                func testAfterNap() async {
                    let value = await withCheckedContinuation { Courier.deliverAfterNap($0) }
                    XCTAssertEqual(value, 2)
                }
                func testOrTimeOut() async {
                    let value = await withCheckedContinuation { Courier.deliverOrTimeOut($0) }
                    XCTAssertEqual(value, 3)
                }
            }
            """,
        ]
        #expect(Self.hint("testLater", in: files) == .sleepGated)
        #expect(Self.hint("testAfterNap", in: files) == .sleepGated)
        #expect(Self.hint("testOrTimeOut", in: files) == .continuationGated)
    }

    @Test func yieldingUntilTheProductsStateHoldsIsAGateAndCountedYieldsAreNot() {
        let files = [
            "/p/Tests/M/T.swift": """
            final class T: XCTestCase {
                func testPolls() async {
                    let model = Model()
                    model.start()
                    while model.pending == nil { await Task.yield() }
                    XCTAssertNotNil(model.pending)
                }
                func testCountsYields() async {
                    let model = Model()
                    model.start()
                    for _ in 0..<3 { await Task.yield() }
                    XCTAssertNotNil(model.pending)
                }
                func testPollsButGivesUp() async {
                    let model = Model()
                    model.start()
                    var turns = 0
                    while turns < 200, model.pending == nil {
                        await Task.yield()
                        turns += 1
                    }
                    XCTAssertNotNil(model.pending)
                }
            }
            """
        ]
        #expect(Self.hint("testPolls", in: files) == .continuationGated)
        #expect(Self.hint("testCountsYields", in: files) == .yieldGated)
        #expect(Self.hint("testPollsButGivesUp", in: files) == .yieldGated)
    }

    /// A polling loop right after a closure the test fires (`let station = Task { … }` on the line above)
    /// is a polling loop, not a `repeat { … } while`; one on a box the test fills from its own closure is
    /// yields, since that box is the test's state, not the product's (Galley's and the first corpus's shapes).
    @Test func aLoopAfterAClosureStillPollsButNotOnTheTestsOwnBox() {
        let files = [
            "/p/Tests/M/T.swift": """
            final class T: XCTestCase {
                func testHolds() async {
                    let ticket = Ticket()
                    let station = Task { await ticket.hold() }
                    while ticket.continuation == nil {
                        await Task.yield()
                    }
                    XCTAssertEqual(ticket.state, .holding)
                    _ = await station.value
                }
                func testOwnBox() async {
                    let date = LockIsolated<Date?>(nil)
                    Task { date.setValue(Date()) }
                    while date.value == nil {
                        await Task.yield()
                    }
                    XCTAssertNotNil(date.value)
                }
                func testRepeats() async {
                    let model = Model()
                    model.start()
                    repeat {
                        await Task.yield()
                    } while model.pending == nil
                    XCTAssertNotNil(model.pending)
                }
            }
            """
        ]
        #expect(Self.hint("testHolds", in: files) == .continuationGated)
        #expect(Self.hint("testOwnBox", in: files) == .yieldGated)
        #expect(Self.hint("testRepeats", in: files) == .yieldGated)
    }

    /// A loop that polls one object's state and then checks another's waits for a proxy: the view model's
    /// items may still be on their way when the service's count moves (the view model hand-off of
    /// Examples/HandOffRaces). A check of the polled object, or of a value the test reads from it after the
    /// loop, is what the loop waited for.
    @Test func aLoopOnOneObjectBeforeACheckOfAnotherIsYields() {
        let files = [
            "/p/Tests/M/T.swift": """
            final class T: XCTestCase {
                func testPollsTheService() async {
                    let service = FeedService(items: ["a"])
                    let viewModel = FeedViewModel(service: service)
                    viewModel.refresh()
                    while await service.fetchCount == 0 { await Task.yield() }
                    XCTAssertEqual(viewModel.items, ["a"])
                }
                func testPollsTheViewModel() async {
                    let service = FeedService(items: ["a"])
                    let viewModel = FeedViewModel(service: service)
                    viewModel.refresh()
                    while !viewModel.isLoaded { await Task.yield() }
                    XCTAssertEqual(viewModel.items, ["a"])
                }
                func testReadsFromThePolledObject() async {
                    let board = Board()
                    await board.begin()
                    while await board.status != .done {
                        await Task.yield()
                    }
                    let history = await board.history
                    XCTAssertEqual(
                        history, [.started, .done])
                }
            }
            """
        ]
        #expect(Self.hint("testPollsTheService", in: files) == .yieldGated)
        let detector = HintDetector(index: SourceIndex(files: files))
        let proxies = ["testPollsTheService", "testPollsTheViewModel", "testReadsFromThePolledObject"].map {
            detector.reading(for: TestIdentity(canonicalID: "M.T/\($0)", framework: .xctest))?.pollsAProxy
        }
        #expect(proxies == [true, false, false])
        #expect(Self.hint("testPollsTheViewModel", in: files) == .continuationGated)
        #expect(Self.hint("testReadsFromThePolledObject", in: files) == .continuationGated)
    }

    /// A function of the code under test that does nothing but sleep is a wait, not work: a test that
    /// awaits it after firing work is sleep-gated (Galley's oven, Mooring's protocol default `settle()`).
    /// A value handed out by an object's `next()` is not an iterator's element (Mooring's invoice numbers).
    @Test func aProductFunctionThatOnlySleepsIsASleepAndNextOnAnObjectIsNoElement() {
        let files = [
            "/p/Sources/M/Oven.swift": """
            public actor Oven {
                public var isHot = false
                public func preheat() { Task { try? await Task.sleep(for: .milliseconds(30)); isHot = true } }
                public func waitUntilReady() async {
                    try? await Task.sleep(for: .milliseconds(250))
                }
            }
            public actor Numbering {
                var count = 0
                public func next() -> Int { count += 1; return count }
            }
            """,
            "/p/Tests/M/T.swift": """
            final class T: XCTestCase {
                func testPreheat() async {
                    let oven = Oven()
                    await oven.preheat()
                    await oven.waitUntilReady()
                    let hot = await oven.isHot
                    XCTAssertTrue(hot)
                }
                func testNumbers() async {
                    let numbering = Numbering()
                    let first = await numbering.next()
                    XCTAssertEqual(first, 1)
                }
            }
            """,
        ]
        #expect(Self.hint("testPreheat", in: files) == .sleepGated)
        #expect(Self.hint("testNumbers", in: files) == SynchronisationHint.none)
    }

    /// A sleep after the check that reads the awaited work's result waits for nothing that check relies
    /// on; a sleep after new work the test starts after its first check decides the check after it.
    @Test func onlyTheWaitsBeforeTheCheckThatReadsTheWorkDecide() {
        let files = [
            "/p/Tests/M/T.swift": """
            final class T: XCTestCase {
                func testSleepAfterTheCheck() async throws {
                    let courier = try await service.assign()
                    XCTAssertEqual(courier, "near")
                    try await Task.sleep(nanoseconds: 20_000_000)
                    XCTAssertEqual(service.available, ["far"])
                }
                func testNewWorkAfterAPrecondition() async throws {
                    var signals: Signals? = await Signals()
                    XCTAssertFalse(signals!.sources.isEmpty)
                    signals = nil
                    try await Task.sleep(nanoseconds: 10_000_000)
                    XCTAssertTrue(sources.allSatisfy { $0.isCancelled })
                }
            }
            """
        ]
        #expect(Self.hint("testSleepAfterTheCheck", in: files) == SynchronisationHint.none)
        #expect(Self.hint("testNewWorkAfterAPrecondition", in: files) == .sleepGated)
    }

    /// A call through a protocol whose conforming type keeps the protocol extension's default: the index
    /// relates no implementation to the requirement, so the call goes to the default by its USR.
    @Test func aCallThroughAProtocolReachesItsDefaultImplementation() {
        var graph = CallGraph()
        let requirement = "s:14CourierServices18AnalyticsReportingP5trackyyAA10OrderEventVF"
        let defaultImplementation = "s:14CourierServices18AnalyticsReportingPAAE5trackyyAA10OrderEventVF"
        graph.define(defaultImplementation, at: CallGraph.Place(file: "/p/Sources/A.swift", line: 19))
        graph.define("s:caller", at: CallGraph.Place(file: "/p/Sources/B.swift", line: 3))
        graph.call(from: "s:caller", to: requirement)
        #expect(graph.calls(from: "s:caller") == [defaultImplementation])
    }

    /// A precondition checked before the call that fires a task does not hide the check after it; a task
    /// handed back from an actor's method (`let first = await evictor.schedule()`) is awaited by its value.
    @Test func aPreconditionDoesNotHideTheFiredTaskAndAHandedBackTaskIsAwaited() {
        let files = [
            "/p/Sources/M/Model.swift": """
            public final class ViewModel {
                public var isLoading = false
                public func refresh() { isLoading = true; Task { self.isLoading = false } }
            }
            public actor Evictor {
                public func schedule() -> Task<Int, Never> { Task { 2 } }
            }
            """,
            "/p/Tests/M/T.swift": """
            final class T: XCTestCase {
                func testSpinner() {
                    let model = ViewModel()
                    XCTAssertFalse(model.isLoading)
                    model.refresh()
                    XCTAssertTrue(model.isLoading)
                }
                func testScheduled() async {
                    let evictor = Evictor()
                    let first = await evictor.schedule()
                    let evicted = await first.value
                    XCTAssertEqual(evicted, 2)
                }
            }
            """,
        ]
        #expect(Self.hint("testSpinner", in: files) == .unstructuredTask)
        #expect(Self.hint("testScheduled", in: files) == .continuationGated)
    }
}
