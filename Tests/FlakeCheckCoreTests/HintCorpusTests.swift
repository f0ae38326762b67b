import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// The hint next to a strategy must not contradict its code. `Fixtures/HintCorpus` holds test
/// functions written in different styles (gates and clocks in helpers, in other files, in extensions,
/// in Swift Testing traits; yields and sleeps in helpers; fire-and-forget mocks called and not called),
/// each labelled by hand in `labels.json` with what its code does. This measures precision and recall
/// of every hint over the corpus; the README quotes the table this test prints.
@Suite struct HintCorpusTests {
    struct Label: Decodable {
        var id: String
        var hint: String
    }

    static let folder = Fixture.folder.appendingPathComponent("HintCorpus")

    static func detector() throws -> HintDetector {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            files[folder.path + "/" + name] = try String(
                contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return HintDetector(index: SourceIndex(files: files))
    }

    /// The hint of each test of a package made of `files`, by its id between `idPrefix` and `idSuffix`
    /// (`ModelTests.ModelTests/` … `()`); a Swift Testing id ends with `)`.
    static func hints(in files: [String: String], idPrefix: String, idSuffix: String = "")
        -> (String) -> SynchronisationHint?
    {
        let detector = HintDetector(index: SourceIndex(files: files))
        return { name in
            let id = idPrefix + name + idSuffix
            return detector.hint(
                for: TestIdentity(canonicalID: id, framework: id.hasSuffix(")") ? .swiftTesting : .xctest))
        }
    }

    @Test func precisionAndRecallPerHint() throws {
        let labels = try JSONDecoder().decode(
            [Label].self, from: Data(contentsOf: Self.folder.appendingPathComponent("labels.json")))
        #expect(labels.count >= 40)
        let detector = try Self.detector()
        var predicted: [(expected: String, got: String)] = []
        for label in labels {
            let identity = TestIdentity(
                canonicalID: label.id, framework: label.id.hasSuffix(")") ? .swiftTesting : .xctest)
            let got = detector.hint(for: identity)?.rawValue ?? "not found"
            predicted.append((label.hint, got))
            if got != label.hint { print("corpus miss: \(label.id) is \(label.hint), labelled \(got)") }
        }
        var table = "| hint | tests | precision | recall |\n|---|---:|---:|---:|\n"
        for hint in SynchronisationHint.allCases.map(\.rawValue) {
            let truePositives = predicted.filter { $0.expected == hint && $0.got == hint }.count
            let labelled = predicted.filter { $0.expected == hint }.count
            let found = predicted.filter { $0.got == hint }.count
            let precision = found == 0 ? 1 : Double(truePositives) / Double(found)
            let recall = labelled == 0 ? 1 : Double(truePositives) / Double(labelled)
            table +=
                "| `\(hint)` | \(labelled) | \(String(format: "%.2f", precision)) | "
                + "\(String(format: "%.2f", recall)) |\n"
            #expect(precision >= 0.9 && recall >= 0.9, "\(hint): precision \(precision), recall \(recall)")
        }
        let correct = predicted.filter { $0.expected == $0.got }.count
        print("hint corpus: \(correct) of \(predicted.count) right\n" + table)
    }

    /// The two cases the issue reported, in their own words.
    @Test func reportedMislabelsAreFixed() throws {
        let detector = try Self.detector()
        // A continuation gate in a fake actor in another file, with `await task.value` on a `Task {}`.
        #expect(
            detector.hint(
                for: TestIdentity(
                    canonicalID: "Corpus.ContinuationStyles/continuationInAFakeInAnotherFile()",
                    framework: .swiftTesting)) == .continuationGated)
        // Awaits an actor method; the mock's nonisolated fire-and-forget method is never called.
        #expect(
            detector.hint(
                for: TestIdentity(
                    canonicalID: "Corpus.TaskStyles/mockWithATaskTheTestNeverCalls()",
                    framework: .swiftTesting)) == SynchronisationHint.none)
    }

    /// A `Task {}` fired by the code under test counts when the test's own code calls it without awaiting
    /// the call before its first check (a `nonisolated` method of an actor, a main-actor model's synchronous
    /// method); an awaited call, a returned task awaited before the check, or a wait of the test's own do not.
    @Test func aTaskFiredByCodeUnderTestCountsWhenTheTestDoesNotAwaitTheCall() {
        let product = """
            public actor Counter {
                public private(set) var value = 0
                func bump() { value += 1 }
                public nonisolated func increment() { Task { await self.bump() } }
            }
            @MainActor public final class Model {
                public var progress = 0
                public var loaded = false
                public func refresh() { Task { progress += 1 } }
                public func load() async { Task { progress += 1 }; loaded = true }
                @discardableResult public func start() -> Task<Void, Never> { Task { progress = 1 } }
            }
            """
        let tests = """
            import Testing
            @MainActor @Suite struct ModelTests {
                @Test func refreshesAndChecks() { let model = Model(); model.refresh(); #expect(model.progress == 1) }
                @Test func nonisolatedIncrement() async {
                    let counter = Counter()
                    counter.increment()
                    #expect(await counter.value == 1)
                }
                @Test func awaitsTheLoad() async { let model = Model(); await model.load(); #expect(model.loaded) }
                @Test func awaitsTheLoadAndReadsItsTask() async {
                    let model = Model()
                    await model.load()
                    #expect(model.progress == 1)
                }
                @Test func awaitsTheReturnedTask() async {
                    let model = Model()
                    let task = model.start()
                    await task.value
                    #expect(model.progress == 1)
                }
                @Test func sleepsAfterRefreshing() async throws {
                    let model = Model()
                    model.refresh()
                    try await Task.sleep(for: .milliseconds(5))
                    #expect(model.progress == 1)
                }
                @Test func checksFirst() { let model = Model(); #expect(model.progress == 0); model.refresh() }
            }
            """
        let hint = Self.hints(
            in: ["/p/Sources/Model/Model.swift": product, "/p/Tests/ModelTests/ModelTests.swift": tests],
            idPrefix: "ModelTests.ModelTests/", idSuffix: "()")
        #expect(hint("refreshesAndChecks") == .unstructuredTask)
        #expect(hint("nonisolatedIncrement") == .unstructuredTask)
        // Awaited, the call is the whole call, but not the task it fires: a check that reads what that task
        // writes races it; one that reads what the call wrote does not.
        #expect(hint("awaitsTheLoad") == SynchronisationHint.none)
        #expect(hint("awaitsTheLoadAndReadsItsTask") == .unstructuredTask)
        // The task handed back and awaited: the test waits for that work's end, as for a task it started.
        #expect(hint("awaitsTheReturnedTask") == .continuationGated)
        #expect(hint("sleepsAfterRefreshing") == .sleepGated)
        #expect(hint("checksFirst") == SynchronisationHint.none)
    }

    /// A fake that the code under test calls is part of the call the test makes: its continuation or sleep
    /// is not how the test waits (a yield test beside a fake that suspends `fetch()` is yield-gated, not
    /// `unknown`), but a `Task {}` it fires is awaited by nobody and still races the check.
    @Test func aFakeTheCodeUnderTestCallsIsPartOfTheCall() {
        let product = """
            public protocol Server: Sendable { func fetch() async -> Int }
            public protocol Tracker: Sendable { func track() }
            @MainActor public final class Model {
                public var value = 0
                let server: any Server
                let tracker: any Tracker
                public init(server: any Server, tracker: any Tracker) { self.server = server; self.tracker = tracker }
                public func refresh() { Task { value = await server.fetch() } }
                public func load() async { value = await server.fetch(); tracker.track() }
            }
            """
        let fakes = """
            actor SuspendingServer: Server {
                func fetch() async -> Int { await withCheckedContinuation { (c: CheckedContinuation<Int, Never>) in c.resume(returning: 1) } }
            }
            struct SlowServer: Server {
                func fetch() async -> Int { try? await Task.sleep(for: .milliseconds(5)); return 1 }
            }
            struct FiringTracker: Tracker { func track() { Task { print("tracked") } } }
            struct QuietTracker: Tracker { func track() {} }
            """
        let tests = """
            import Testing
            @MainActor @Suite struct ModelTests {
                @Test func yieldsBesideASuspendingFake() async {
                    let model = Model(server: SuspendingServer(), tracker: FiringTracker())
                    model.refresh()
                    await Task.yield()
                    #expect(model.value == 1)
                }
                @Test func awaitsALoadThroughAFiringFake() async {
                    let model = Model(server: SlowServer(), tracker: FiringTracker())
                    await model.load()
                    #expect(model.value == 1)
                }
                @Test func awaitsALoadThroughASlowFake() async {
                    let model = Model(server: SlowServer(), tracker: QuietTracker())
                    await model.load()
                    #expect(model.value == 1)
                }
            }
            """
        let hint = Self.hints(
            in: [
                "/p/Sources/Model/Model.swift": product, "/p/Tests/ModelTests/Fakes.swift": fakes,
                "/p/Tests/ModelTests/ModelTests.swift": tests,
            ],
            idPrefix: "ModelTests.ModelTests/", idSuffix: "()")
        #expect(hint("yieldsBesideASuspendingFake") == .yieldGated)
        // The slow fake's sleep is inside the awaited call; a task the tracker fires is awaited by nobody.
        #expect(hint("awaitsALoadThroughASlowFake") == SynchronisationHint.none)
        #expect(hint("awaitsALoadThroughAFiringFake") == .unstructuredTask)
    }

    /// Four readings the independently written `HintStylesThree` fixture first missed: `Task.detached` with
    /// arguments, a yield spelled `Task<Never, Never>.yield()` in a helper, a trait named by a static factory,
    /// and a class's `invokeTest` scope that a test of that class never reads.
    @Test func taskSpellingsTraitFactoriesAndUnreadClassScopes() {
        let product = """
            public enum Context { @TaskLocal public static var locale = "en" }
            public struct Builder {
                public init() {}
                public func language() -> String { Context.locale }
                public func path() -> String { "/v1" }
            }
            public actor Counter { public var count = 0; public func bump() { count += 1 } }
            """
        let helpers = """
            extension Task where Success == Never, Failure == Never {
                static func settle() async { for _ in 0..<5 { await Task<Never, Never>.yield() } }
            }
            struct Localized: TestTrait, TestScoping {
                func provideScope(for test: Test, testCase: Test.Case?, performing f: @Sendable () async throws -> Void) async throws {
                    try await Context.$locale.withValue("fr") { try await f() }
                }
            }
            extension Trait where Self == Localized {
                static func localized() -> Self { Localized() }
            }
            """
        let tests = """
            import Testing
            import XCTest
            @Suite struct Checks {
                @Test func detached() async {
                    let counter = Counter()
                    Task.detached(priority: .background) { await counter.bump() }
                    #expect(await counter.count == 1)
                }
                @Test func settles() async {
                    let counter = Counter()
                    Task { await counter.bump() }
                    await Task.settle()
                    #expect(await counter.count == 1)
                }
                @Test(.localized()) func traitScoped() { #expect(Builder().language() == "fr") }
            }
            final class ScopedTests: XCTestCase {
                override func invokeTest() { Context.$locale.withValue("fr") { super.invokeTest() } }
                func testLanguage() { XCTAssertEqual(Builder().language(), "fr") }
                func testPath() { XCTAssertEqual(Builder().path(), "/v1") }
            }
            """
        let hint = Self.hints(
            in: [
                "/p/Sources/M/M.swift": product, "/p/Tests/MTests/Helpers.swift": helpers,
                "/p/Tests/MTests/MTests.swift": tests,
            ],
            idPrefix: "MTests.", idSuffix: "")
        #expect(hint("Checks/detached()") == .unstructuredTask)
        #expect(hint("Checks/settles()") == .yieldGated)
        #expect(hint("Checks/traitScoped()") == .taskLocalScoped)
        #expect(hint("ScopedTests/testLanguage") == .taskLocalScoped)
        #expect(hint("ScopedTests/testPath") == SynchronisationHint.none)
    }

    /// Two readings the independently written `HintStylesFour` fixture first missed: an awaited call to a test
    /// helper that yields is a yield at that place (the test read continuation-gated through the continuation
    /// of the view model it fired a task at: a hazard read as gated), and a call of the code under test awaited
    /// for its value is the whole call, whatever it waits on inside.
    @Test func helperWaitsInOrderAndCallsAwaitedForTheirValue() {
        let product = """
            @MainActor public final class Board {
                public var asking = false
                private var answer: CheckedContinuation<Bool, Never>?
                public init() {}
                public func ask() async -> Bool { asking = true; return await withCheckedContinuation { answer = $0 } }
                public func reply(_ value: Bool) { answer?.resume(returning: value) }
            }
            public final class GPS: @unchecked Sendable {
                public init() {}
                public func fix() async throws -> Int { try await withCheckedThrowingContinuation { $0.resume(returning: 1) } }
                public func waitUntilReady() async { await withCheckedContinuation { $0.resume() } }
            }
            """
        let helpers = """
            import XCTest
            extension XCTestCase {
                func settle() async { for _ in 0..<5 { await Task.yield() } }
            }
            """
        let tests = """
            import XCTest
            @MainActor final class BoardTests: XCTestCase {
                func testAsks() async {
                    let board = Board()
                    let answer = Task { await board.ask() }
                    await settle()
                    XCTAssertTrue(board.asking)
                    board.reply(true)
                    let confirmed = await answer.value
                    XCTAssertTrue(confirmed)
                }
            }
            final class GPSTests: XCTestCase {
                func testFix() async throws {
                    let fix = try await GPS().fix()
                    XCTAssertEqual(fix, 1)
                }
                func testReady() async {
                    let gps = GPS()
                    await gps.waitUntilReady()
                    XCTAssertNotNil(gps)
                }
            }
            """
        let hint = Self.hints(
            in: [
                "/p/Sources/M/M.swift": product, "/p/Tests/MTests/Helpers.swift": helpers,
                "/p/Tests/MTests/MTests.swift": tests,
            ],
            idPrefix: "MTests.", idSuffix: "")
        #expect(hint("BoardTests/testAsks") == .yieldGated)
        #expect(hint("GPSTests/testFix") == SynchronisationHint.none)
        #expect(hint("GPSTests/testReady") == .continuationGated)
    }

    /// What the independently written `HintStylesFive` fixture first showed: a fake built from closures
    /// handed to an initializer sleeps when the code under test calls it, not when the helper building it
    /// runs; a mock's fired task that loops `for await` is no wait of the test's (it still fires a task);
    /// and `await task.result` waits for a started task like `.value`.
    @Test func deferredCodeIsNotTheWaitOfTheCodeHoldingIt() {
        let product = """
            public struct Sensor: Sendable {
                public var read: @Sendable () async throws -> Double
                public init(read: @escaping @Sendable () async throws -> Double) { self.read = read }
            }
            public actor Controller {
                let sensor: Sensor
                public init(sensor: Sensor) { self.sensor = sensor }
                public func tick() async throws -> Double { try await sensor.read() }
                public func download() async throws { try await Task.sleep(for: .seconds(5)) }
            }
            public final class Bus: Sendable {
                public init() {}
                public func publish(_ value: Int) {}
                public func subscribe() -> AsyncStream<Int> { AsyncStream { _ in } }
            }
            """
        let helpers = """
            enum Rig {
                static func make() -> Controller {
                    Controller(sensor: Sensor(read: { try await Task.sleep(for: .milliseconds(15)); return 19 }))
                }
            }
            final class Recorder: @unchecked Sendable {
                var events: [Int] = []
                func attach(to bus: Bus) {
                    Task { for await event in bus.subscribe() { self.events.append(event) } }
                }
            }
            """
        let tests = """
            import Testing
            @Suite struct Checks {
                @Test func awaitsATick() async throws {
                    let reading = try await Rig.make().tick()
                    #expect(reading == 19)
                }
                @Test func recorderChecksAtOnce() {
                    let bus = Bus()
                    let recorder = Recorder()
                    recorder.attach(to: bus)
                    bus.publish(1)
                    #expect(recorder.events == [1])
                }
                @Test func cancelsAndWaitsForTheResult() async {
                    let controller = Rig.make()
                    let download = Task { try await controller.download() }
                    download.cancel()
                    let result = await download.result
                    #expect(throws: CancellationError.self) { try result.get() }
                }
            }
            """
        let hint = Self.hints(
            in: [
                "/p/Sources/M/M.swift": product, "/p/Tests/MTests/Helpers.swift": helpers,
                "/p/Tests/MTests/MTests.swift": tests,
            ],
            idPrefix: "MTests.Checks/", idSuffix: "()")
        #expect(hint("awaitsATick") == SynchronisationHint.none)
        #expect(hint("recorderChecksAtOnce") == .unstructuredTask)
        #expect(hint("cancelsAndWaitsForTheResult") == .continuationGated)
    }

    /// What the independently written `HintStylesSix` fixture first showed: a base class's `invokeTest` scopes
    /// its subclasses' tests, a `DispatchGroup` the test leaves is a signal it waits for, and a semaphore nobody
    /// signals is a delay.
    @Test func baseClassScopesAndDispatchWaits() {
        let product = """
            public enum Context { @TaskLocal public static var merchant = "none" }
            public final class Router: @unchecked Sendable {
                public init() {}
                public func merchant() -> String { Context.merchant }
                public func upload(_ done: @escaping @Sendable () -> Void) { Task { done() } }
            }
            """
        let tests = """
            import Dispatch
            import XCTest
            class ScopedTestCase: XCTestCase {
                override func invokeTest() { Context.$merchant.withValue("m_1") { super.invokeTest() } }
            }
            final class RoutingTests: ScopedTestCase {
                func testMerchant() { XCTAssertEqual(Router().merchant(), "m_1") }
            }
            final class LegacyTests: XCTestCase {
                func testGroup() {
                    let group = DispatchGroup()
                    group.enter()
                    Router().upload { group.leave() }
                    _ = group.wait(timeout: .now() + 2)
                    XCTAssertTrue(true)
                }
                func testNap() {
                    Router().upload {}
                    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(200))
                    XCTAssertTrue(true)
                }
            }
            """
        let hint = Self.hints(
            in: ["/p/Sources/M/M.swift": product, "/p/Tests/MTests/MTests.swift": tests], idPrefix: "MTests.")
        #expect(hint("RoutingTests/testMerchant") == .taskLocalScoped)
        #expect(hint("LegacyTests/testGroup") == .continuationGated)
        #expect(hint("LegacyTests/testNap") == .sleepGated)
    }

    /// What `HintStylesSeven` first showed: a test that fires `Task { await model.requestReturn() }` and
    /// checks at once does not wait on the continuation `requestReturn` holds (a hazard it read as gated);
    /// awaiting that call itself still does.
    @Test func aGateCalledOnlyInsideAFiredTaskIsNotWaitedFor() {
        let product = """
            @MainActor public final class ReturnModel {
                public var returned: [String] = []
                private var answer: CheckedContinuation<Bool, Never>?
                public init() {}
                public func requestReturn(_ id: String) async {
                    if await withCheckedContinuation({ answer = $0 }) { returned.append(id) }
                }
                public func confirm(_ value: Bool) { answer?.resume(returning: value) }
            }
            """
        let tests = """
            import XCTest
            @MainActor final class ReturnTests: XCTestCase {
                func testFiresAndChecks() async {
                    let model = ReturnModel()
                    Task { await model.requestReturn("b2") }
                    XCTAssertTrue(model.returned.isEmpty)
                    model.confirm(false)
                }
                func testAwaitsTheRequest() async {
                    let model = ReturnModel()
                    await model.requestReturn("b2")
                    XCTAssertTrue(model.returned.isEmpty)
                }
            }
            """
        let hint = Self.hints(
            in: ["/p/Sources/M/M.swift": product, "/p/Tests/MTests/MTests.swift": tests],
            idPrefix: "MTests.ReturnTests/")
        #expect(hint("testFiresAndChecks") == .unstructuredTask)
        #expect(hint("testAwaitsTheRequest") == .continuationGated)
    }

    /// A target with a custom `path:` is read too (FlyingFox keeps its tests outside `Tests/`).
    @Test func targetsOutsideSourcesAndTestsAreRead() throws {
        let package = NSTemporaryDirectory() + "fc-hints-\(UUID().uuidString)"
        let tests = package + "/FlyingFox/Tests"
        try FileManager.default.createDirectory(atPath: tests, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: package + "/.build/checkouts", withIntermediateDirectories: true)
        try Data("final class ServerTests: XCTestCase { func testStarts() async { await Task.yield() } }\n".utf8)
            .write(to: URL(fileURLWithPath: tests + "/ServerTests.swift"))
        try Data("func settle() { Thread.sleep(forTimeInterval: 1) }\n".utf8)
            .write(to: URL(fileURLWithPath: package + "/.build/checkouts/Dependency.swift"))
        defer { try? FileManager.default.removeItem(atPath: package) }
        let index = SourceIndex(packagePath: package)
        #expect(index.files.keys.map { ($0 as NSString).lastPathComponent } == ["ServerTests.swift"])
        let hint = HintDetector(index: index).hint(
            for: TestIdentity(
                canonicalID: "FlyingFoxTests.ServerTests/testStarts",
                framework: .xctest))
        #expect(hint == .yieldGated)
    }
}
