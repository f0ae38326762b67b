import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// The console parser decodes each test name once and numbers it (`TestNameTable`); everything after it
/// finds a name's state by that number, so a number must always mean the same name and never change.
@Suite struct TestNameTableTests {
    private static func reference(_ text: String, form: TestNameTable.Form = .xctest, in table: inout TestNameTable)
        -> TestReference?
    {
        text.withLineBytes { bytes in
            table.reference(bytes, form: form, make: XCTestLineClassifier.reference(fromPrinted:))
        }
    }

    @Test func aNameSeenAgainKeepsItsReferenceAndNumber() throws {
        var table = TestNameTable()
        let first = try #require(Self.reference("CartTests.testRace", in: &table))
        let other = try #require(Self.reference("CartTests.testOther", in: &table))
        let again = try #require(Self.reference("CartTests.testRace", in: &table))
        #expect(first.name == "CartTests/testRace" && again.name == first.name)
        #expect(first.number == 0 && other.number == 1 && again.number == 0)
        // Not a name: nothing stored, nothing numbered.
        #expect(Self.reference("no dot here", in: &table) == nil)
        #expect(table.count == 2)
    }

    @Test func theSameBytesInAnotherFormAreAnotherName() throws {
        var table = TestNameTable()
        let xctest = try #require(Self.reference("A.b", form: .xctest, in: &table))
        let swiftTesting = "A.b".withLineBytes { bytes in
            table.reference(
                bytes, form: .swiftTesting,
                decode: { TestReference(framework: .swiftTesting, name: $0.string, isQualified: false) })
        }
        #expect(xctest.number == 0 && swiftTesting.number == 1)
        #expect(xctest.framework == .xctest && swiftTesting.framework == .swiftTesting)
    }

    /// Many names of one shape (the table grows many times): every one is found again with its number.
    @Test func thousandsOfNamesAreEachFoundAgain() throws {
        var table = TestNameTable()
        for index in 0..<20_000 { _ = Self.reference("Class\(index % 97)Tests.testCase\(index)", in: &table) }
        for index in stride(from: 0, to: 20_000, by: 7) {
            let found = try #require(Self.reference("Class\(index % 97)Tests.testCase\(index)", in: &table))
            #expect(found.number == index && found.name == "Class\(index % 97)Tests/testCase\(index)")
        }
        #expect(table.count == 20_000)
    }

    /// Past its bound a new name is decoded but never numbered, then or later; older names keep theirs.
    @Test func pastItsBoundANewNameStaysUnnumbered() throws {
        var table = TestNameTable(maximumNames: 2)
        _ = Self.reference("A.one", in: &table)
        _ = Self.reference("A.two", in: &table)
        for _ in 0..<3 {
            let third = try #require(Self.reference("A.three", in: &table))
            #expect(third.name == "A/three" && third.number == nil)
        }
        #expect(Self.reference("A.two", in: &table)?.number == 1)
    }

    @Test func runningNamesAreCountedByNumberOrByName() {
        var running = RunningTestNames()
        var numbered = TestReference(framework: .swiftTesting, name: "same()", isQualified: false)
        numbered.number = 3
        let unnumbered = TestReference(framework: .swiftTesting, name: "other()", isQualified: false)
        running.start(numbered)
        running.start(numbered)
        running.start(unnumbered)
        #expect(running.count == 2 && running.contains(numbered) && running.contains(unnumbered))
        running.end(numbered)
        #expect(running.contains(numbered))
        running.end(numbered)
        running.end(numbered)
        running.end(unnumbered)
        #expect(running.count == 0 && !running.contains(numbered) && !running.contains(unnumbered))
    }

    @Test func timestampsReadAsISO8601DateFormatterWritesThem() {
        let formatter = ISO8601DateFormatter()
        for seconds in [0.0, 1_764_072_000.75, 951_782_400, 4_102_444_799, -86_401] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(Timestamp.iso8601(date) == formatter.string(from: date))
        }
    }
}
