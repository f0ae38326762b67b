import Foundation
import FlakeCheckModel
import FlakeCheckRunner
import Testing

/// A Swift Testing listing whose event stream could not be written whole (a full disk) must not make
/// every Swift Testing test vanish, nor be cached as "Swift Testing lists nothing".
@Suite struct IncompleteListingTests {
    static let xctestList = "Listing 1 tests in P.xctest:\n\nM.T/testA\n"
    static let swiftTestingList = "M.S/a()\nM.S/b()\n"
    static let records = ["M.S/a()", "M.S/b()"].map {
        #"{"kind":"test","payload":{"kind":"function","id":"\#($0)","name":"x"},"version":0}"# + "\n"
    }.joined()

    static func listing(eventStream: String?, swiftTestingConsole: String = swiftTestingList) throws
        -> TestDiscoverer.Listing
    {
        let scratch = NSTemporaryDirectory() + "flakecheck-listing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let launcher = ScriptedLauncher { request in
            request.arguments.contains("swift-testing")
                ? .init(console: Array(swiftTestingConsole.utf8), eventStream: eventStream.map { Array($0.utf8) })
                : .init(console: Array(xctestList.utf8))
        }
        return try TestDiscoverer(
            testBinary: "/p/P.xctest", environment: [:], workingDirectory: scratch, scratchDirectory: scratch,
            launcher: launcher
        ).listing(cancellation: CancellationFlag())
    }

    @Test func aWholeListingIsComplete() throws {
        let listing = try Self.listing(eventStream: Self.records)
        #expect(listing.undeclared == 0)
        #expect(listing.catalog.tests.map(\.id).sorted() == ["M.S/a()", "M.S/b()", "M.T/testA"])
    }

    /// The stream was written empty: the console's IDs stand in, and the listing says it is incomplete.
    @Test func anEmptyEventStreamFallsBackToTheConsoleAndSaysSo() throws {
        let listing = try Self.listing(eventStream: "")
        #expect(listing.undeclared == 2)
        #expect(listing.catalog.tests.filter { $0.framework == .swiftTesting }.map(\.id) == ["M.S/a()", "M.S/b()"])
    }

    /// An XCTest-only binary prints XCTest's list again for the Swift Testing listing: nothing is missing.
    @Test func anXCTestOnlyBinaryIsNotIncomplete() throws {
        let listing = try Self.listing(eventStream: "", swiftTestingConsole: Self.xctestList)
        #expect(listing.undeclared == 0)
        #expect(listing.catalog.tests.map(\.id) == ["M.T/testA"])
    }

    /// A binary without Swift Testing runs XCTest for the Swift Testing listing and writes no stream: its
    /// summary lines are no tests (the census found "Executed 0 tests, …" listed for Quick and SwiftGraph).
    @Test func anXCTestOnlyBinaryThatWritesNoStreamListsNoSwiftTestingTest() throws {
        let ran = "Test Suite 'Selected tests' started at 2026-11-28 07:35:25.525\n"
            + "Test Suite 'Selected tests' passed at 2026-11-28 07:35:25.540\n"
            + "\t Executed 0 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds\n"
        let listing = try Self.listing(eventStream: nil, swiftTestingConsole: Self.xctestList + ran)
        #expect(listing.undeclared == 0)
        #expect(!listing.wroteEventStream)
        #expect(listing.catalog.tests.map(\.id) == ["M.T/testA"])
    }
}
