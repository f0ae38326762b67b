import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// An ID pasted from `list` or a report selects exactly that test, whatever characters it holds.
@Suite struct TestSelectionTests {
    static let catalog = TestCatalog(
        [
            "STFeatures.Params/isSmall(_:)", "STFeatures.Params/isSmallEnough(_:)",
            "STFeatures.Raw/`value (x+1) * [2]`()",
            "STFeatures.Raw/`adds two numbers`()", "XCFeatures.Plain/testA",
        ].map { TestIdentity(canonicalID: $0, framework: $0.hasPrefix("XC") ? .xctest : .swiftTesting) })

    static func ids(_ filters: [String], skips: [String] = []) throws -> [String] {
        try TestSelection(filters: filters, skips: skips).select(from: catalog).map(\.id)
    }

    @Test func everyListedIDSelectsExactlyItself() throws {
        for test in Self.catalog.tests {
            #expect(try Self.ids([test.id]) == [test.id])
            // With the source location the event stream adds, too.
            #expect(try Self.ids([test.id + "/Params.swift:12:6"]) == [test.id])
        }
    }

    @Test func anExactIDSkipsExactlyItself() throws {
        #expect(
            try Self.ids(["STFeatures.Params"], skips: ["STFeatures.Params/isSmall(_:)"]) == [
                "STFeatures.Params/isSmallEnough(_:)"
            ])
    }

    @Test func otherPatternsStayRegularExpressions() throws {
        #expect(try Self.ids(["isSmall"]).count == 2)
        #expect(try Self.ids(["^XC"]) == ["XCFeatures.Plain/testA"])
    }

    /// Part of an ID with special characters matches nothing as a regular expression; the error says why
    /// and how to escape it.
    @Test func aPastedFragmentThatMatchesNothingSaysWhy() {
        #expect {
            _ = try Self.ids(["isSmall(_:)"])
        } throws: { error in
            let text = "\(error)"
            return text.contains("appears as plain text in 1 ID") && text.contains(#"isSmall\(_:\)"#)
        }
    }
}
