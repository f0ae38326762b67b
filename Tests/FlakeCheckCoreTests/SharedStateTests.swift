import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Which tests reach state the whole process shares (`SharedVariables`), so that `--hunt` looks for their
/// races in runs alone: module-level `var`s and stored `static var`s, not lets, computed properties,
/// task-local values or instance properties.
@Suite struct SharedStateTests {
    static let files = [
        "Sources/Counter/Counter.swift": """
        nonisolated(unsafe) public var hits = 0
        public var isEnabled: Bool { hits > 0 }
        public var isIdle: Bool { hits == 0 }
        @available(macOS 13, *) public var lastHit: Int? = nil
        public let limit = 10
        public func recordHit() { hits += 1 }
        enum Clock {
            @TaskLocal static var now: Int = 0
            static var overrides: [String] = []
            static var makeDefault = { 0 }()
            static var label: String { "clock" }
        }
        final class Box { var count = 0 }
        """,
        "Tests/CounterTests/CounterTests.swift": """
        import Testing
        @testable import Counter
        @Test func countsThroughAHelper() async {
            recordHit()
            #expect(limit == 10)
        }
        @Test func readsTheStaticOverrides() {
            #expect(Clock.overrides.isEmpty)
        }
        @Test func readsOnlyWhatNothingShares() async {
            let box = Box()
            box.count += 1
            #expect(box.count == 1 && Clock.label == "clock" && limit == 10)
            await Clock.$now.withValue(1) { #expect(Clock.now == 1) }
        }
        """,
    ]

    @Test func globalsAndStoredStaticsAreShared() {
        let shared = SharedVariables(files: Self.files.values)
        #expect(shared.globals == ["hits", "lastHit"])
        #expect(shared.statics == ["overrides", "makeDefault"])
        #expect(shared.isReferred(in: "hits = 0"))
        #expect(shared.isReferred(in: "#expect(Clock.overrides.isEmpty)"))
        #expect(!shared.isReferred(in: "counter.hits += 1"))
        #expect(!shared.isReferred(in: "let box = Box(); box.overrides = []"))
    }

    /// A test shares state when its own code or what it calls refers to it.
    @Test func aTestSharesWhatItsCodeReaches() {
        let detector = HintDetector(index: SourceIndex(files: Self.files))
        func shares(_ name: String) -> Bool? {
            detector.reading(
                for: TestIdentity(canonicalID: "CounterTests/\(name)()", framework: .swiftTesting),
                sharedState: true)?.sharesState
        }
        #expect(shares("countsThroughAHelper") == true)
        #expect(shares("readsTheStaticOverrides") == true)
        #expect(shares("readsOnlyWhatNothingShares") == false)
    }
}
