import Testing
import FlakeCheckAnalysis
import FlakeCheckModel

/// `--changed-since` through the index: a test helper `seeded()` shares its name with the library's
/// property `Store.seeded`; the change edits the helper and `Store.save`, which a test reaches through
/// `checkout`. Calls by name choose the property's reader too; calls by symbol do not.
@Suite struct ChangedSymbolsTests {
    static let store = "/p/Sources/M/Store.swift"
    static let tests = "/p/Tests/T/T.swift"
    static let files = [
        store: """
            public struct Store {
                public var seeded: Bool {
                    true
                }
                public func save() -> Int {
                    1
                }
            }
            public func checkout(_ store: Store) -> Int { store.save() }

            """,
        tests: """
            import XCTest
            import M
            final class T: XCTestCase {
                func seeded() -> Store { Store() }
                func testUsesHelper() { XCTAssertNotNil(seeded()) }
                func testUsesProperty() { XCTAssert(Store().seeded) }
                func testTwoAway() { XCTAssertEqual(checkout(Store()), 1) }
                func testNothing() { XCTAssert(true) }
            }

            """,
    ]
    static let changes = ChangeSet(revision: "HEAD", changedLines: [store: [6...6], tests: [4...4]], addedFiles: [])

    /// The graph the compiler would give: each function on its name's line, the property's getter beside it.
    static func graph() -> CallGraph {
        var graph = CallGraph()
        let definitions: [(String, String, Int)] = [
            ("s:1M5StoreV6seededSbvp", store, 2), ("s:1M5StoreV6seededSbvg", store, 2),
            ("s:1M5StoreV4saveSiyF", store, 5), ("s:1M8checkoutySiAA5StoreVF", store, 9),
            ("s:1T1TC6seeded1M5StoreVyF", tests, 4), ("s:1T1TC14testUsesHelperyyF", tests, 5),
            ("s:1T1TC16testUsesPropertyyyF", tests, 6), ("s:1T1TC11testTwoAwayyyF", tests, 7),
            ("s:1T1TC11testNothingyyF", tests, 8),
        ]
        for (usr, file, line) in definitions { graph.define(usr, at: CallGraph.Place(file: file, line: line)) }
        graph.call(from: "s:1T1TC14testUsesHelperyyF", to: "s:1T1TC6seeded1M5StoreVyF")
        graph.call(from: "s:1T1TC16testUsesPropertyyyF", to: "s:1M5StoreV6seededSbvg")
        graph.call(from: "s:1T1TC11testTwoAwayyyF", to: "s:1M8checkoutySiAA5StoreVF")
        graph.call(from: "s:1M8checkoutySiAA5StoreVF", to: "s:1M5StoreV4saveSiyF")
        return graph
    }

    static func reasons(graph: CallGraph?, depth: Int = 2) -> [String: TestChange] {
        let tests = ["testUsesHelper", "testUsesProperty", "testTwoAway", "testNothing"].map {
            TestIdentity(canonicalID: "TTests.T/\($0)", framework: .xctest)
        }
        let chosen = ChangedTests(
            index: SourceIndex(files: files), changes: changes, depth: depth, callGraph: graph
        ) { files[$0] }.select(tests)
        return Dictionary(uniqueKeysWithValues: chosen.map { ($0.test.name, $0.change) })
    }

    @Test func bySymbolTheSameNameIsAnotherSymbol() {
        #expect(
            Self.reasons(graph: Self.graph()) == [
                "testUsesHelper": .calls(function: "T.seeded"),
                "testTwoAway": .calls(function: "Store.save", through: ["checkout"]),
            ])
        #expect(Self.reasons(graph: Self.graph(), depth: 1) == ["testUsesHelper": .calls(function: "T.seeded")])
    }

    /// Without an index the property's reader is chosen too, for the helper's name: one too many.
    @Test func byNameTheSameNameIsChosenToo() {
        let byName = Self.reasons(graph: nil)
        #expect(byName["testUsesProperty"] == .calls(function: "T.seeded"))
        #expect(byName["testTwoAway"] == .calls(function: "Store.save", through: ["checkout"]))
        #expect(byName["testNothing"] == nil)
    }

    /// A test moved to a new file is not new: unchanged it is not chosen for itself; edited in the move,
    /// it is `changed`; a test no file declared at the revision is `new`.
    @Test func aMovedTestIsNotNew() {
        let old = "/p/Tests/T/Old.swift"
        let moved = "/p/Tests/T/Moved.swift"
        let before = "import XCTest\nfinal class T: XCTestCase {\n    func testKept() {\n        XCTAssert(true)\n    }\n"
            + "    func testEdited() { XCTAssert(true) }\n}\n"
        let now = "import XCTest\nfinal class T: XCTestCase {\n  func testKept() { XCTAssert(true) }\n"
            + "    func testEdited() { XCTAssert(false) }\n    func testFresh() {}\n}\n"
        let chosen = ChangedTests(
            index: SourceIndex(files: [moved: now]),
            changes: ChangeSet(revision: "HEAD", changedLines: [:], addedFiles: [moved]), depth: 2,
            filesDeclaringAtRevision: { $0 == "testFresh" ? [] : [old] }
        ) { $0 == old ? before : nil }
        .select(
            ["testKept", "testEdited", "testFresh"].map {
                TestIdentity(canonicalID: "TTests.T/\($0)", framework: .xctest)
            })
        let reasons = Dictionary(uniqueKeysWithValues: chosen.map { ($0.test.name, $0.change) })
        #expect(reasons == ["testEdited": .changed, "testFresh": .new])
    }
}
