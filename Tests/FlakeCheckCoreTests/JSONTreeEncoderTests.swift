import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// report.json stopped using Foundation's `JSONEncoder` for speed; these hold the replacement to the
/// very bytes `JSONEncoder` writes with report.json's options, on reports and on every shape of value.
@Suite struct JSONTreeEncoderTests {
    private static func foundationBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    private static func treeBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        var writer = JSONTreeWriter()
        writer.write(try JSONTreeEncoder.tree(of: value))
        return writer.bytes
    }

    @Test func aHostileReportIsWrittenAsJSONEncoderWritesIt() throws {
        let report = HostileReport.make()
        #expect(try Self.treeBytes(report) == Self.foundationBytes(report))
        #expect(try JSONReportFormat.encode(report) == Data(try Self.foundationBytes(report) + [UInt8(ascii: "\n")]))
    }

    /// Past a few hundred tests, the tests are printed in parts on several threads and joined: the joins
    /// (separators, indents, the first and last test of each part) must not show.
    @Test func aReportOfThousandsOfTestsPrintedInPartsIsWrittenAsJSONEncoderWritesIt() throws {
        var report = HostileReport.make()
        let templates = report.tests
        report.tests = (0..<2_003).map { index in
            var test = templates[index % templates.count]
            test.id += " #\(index)"
            return test
        }
        #expect(try JSONReportFormat.encode(report) == Data(try Self.foundationBytes(report) + [UInt8(ascii: "\n")]))
        report.tests = []
        #expect(try JSONReportFormat.encode(report) == Data(try Self.foundationBytes(report) + [UInt8(ascii: "\n")]))
    }

    @Test(arguments: ["linux-6.3.1-swift-test-mixed.txt", "macos-6.0-mixed-xcbeautify.txt", "linux-6.3.1-xctest.txt"])
    func aReportParsedFromAFixtureLogIsWrittenAsJSONEncoderWritesIt(fixture: String) throws {
        let output = NSTemporaryDirectory() + "fc-json-\(UUID())"
        // The gate's verdict does not matter here (one fixture has a failing test), only the report.
        _ = CommandLineTests.run(["parse", Fixture.folder.path + "/" + fixture, "--output", output])
        let data = try #require(FileManager.default.contents(atPath: output + "/report.json"))
        let report = try JSONReportFormat.decode(data, path: "report.json")
        #expect(try Self.treeBytes(report) == Self.foundationBytes(report))
    }

    /// Every kind of value a Codable type can hand an encoder, with the strings, numbers and keys where
    /// two JSON writers are most likely to differ.
    private struct EveryShape: Encodable {
        var strings = [
            "plain", "quote \" and backslash \\", "slash / stays", "tab\tnew\nline\rreturn",
            "control \u{01}\u{08}\u{0C}\u{1F}", "é, 🙂 and 日本", "",
        ]
        var doubles: [Double] = [
            0, -0.0, 1, -1, 0.1, 1.5, 2.675, 1e-7, 1e21, 123_456_789.125, 0.0031999999999999997,
            Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude,
        ]
        var floats: [Float] = [0.1, 3, 1e-3]
        var integers: [Int] = [0, -1, Int.min, Int.max]
        var unsigned: [UInt64] = [0, UInt64.max]
        var small: [Int8] = [Int8.min, Int8.max]
        var bools = [true, false]
        var optionals: [Int?] = [1, nil]
        var empty: [Int] = []
        var emptyObject: [String: Int] = [:]
        var nested: [[Double]] = [[], [1], [1, 2.5]]
        var dictionary = ["b": 1, "a": 2, "B": 3, "10": 4, "9": 5, "é": 6, "a b": 7, "": 8]
        var intKeyed = [3: "three", 1: "one"]
        var nothing = EncodesNothing()
        var custom = CustomContainers()
    }

    private struct EncodesNothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    /// Nested, super and duplicate-key use of the containers, which synthesized conformances never make.
    private struct CustomContainers: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ReportKey.self)
            try container.encode(1, forKey: "duplicate")
            try container.encode("second", forKey: "duplicate")
            var nested = container.nestedContainer(keyedBy: ReportKey.self, forKey: "nested")
            try nested.encodeNil(forKey: "nothing")
            var list = nested.nestedUnkeyedContainer(forKey: "list")
            try list.encode("x")
            var inner = list.nestedContainer(keyedBy: ReportKey.self)
            try inner.encode(2.5, forKey: "value")
            var deeper = list.nestedUnkeyedContainer()
            try deeper.encode(true)
            let parent = container.superEncoder()
            var parentValue = parent.singleValueContainer()
            try parentValue.encode("from super")
            let keyed = container.superEncoder(forKey: "keyedSuper")
            var keyedList = keyed.unkeyedContainer()
            try keyedList.encode(7)
        }
    }

    @Test func everyShapeOfValueIsWrittenAsJSONEncoderWritesIt() throws {
        let tree = try Self.treeBytes(EveryShape())
        let foundation = try Self.foundationBytes(EveryShape())
        #expect(String(decoding: tree, as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
    }

    @Test func topLevelScalarsAndArraysToo() throws {
        #expect(try Self.treeBytes("a/\"b\"") == Self.foundationBytes("a/\"b\""))
        #expect(try Self.treeBytes(42) == Self.foundationBytes(42))
        #expect(try Self.treeBytes([[String: Int]]()) == Self.foundationBytes([[String: Int]]()))
        #expect(try Self.treeBytes([["k": [1.0]]]) == Self.foundationBytes([["k": [1.0]]]))
    }

    @Test func aNonFiniteNumberIsRefusedWithItsPath() {
        struct Holder: Encodable { var values: [Double] }
        #expect {
            _ = try JSONTreeEncoder.tree(of: Holder(values: [1, .nan]))
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["values", "Index 1"]
        }
        #expect(throws: EncodingError.self) { _ = try JSONTreeEncoder.tree(of: Double.infinity) }
    }

    @Test func typesFoundationEncodesByStrategyAreRefused() {
        #expect(throws: EncodingError.self) { _ = try JSONTreeEncoder.tree(of: Date()) }
        #expect(throws: EncodingError.self) { _ = try JSONTreeEncoder.tree(of: ["a": Data([1])]) }
        #expect(throws: EncodingError.self) { _ = try JSONTreeEncoder.tree(of: [URL(fileURLWithPath: "/tmp")]) }
    }

    /// `Formatting.fixed` replaced `String(format: "%.Nf")` in every report; C's rounding of halves (2.675
    /// is 2.67499… in binary) must come out the same.
    @Test func fixedDecimalsAreWhatStringFormatWrites() {
        let values: [Double] = [
            0, -0.0, 0.125, 0.135, 2.675, 1.005, 0.5, 1.5, 2.5, -2.5, 99.995, 1e-9, 123_456.789,
            1e20, -1e300, 0.0031999999999999997, 100,
        ]
        for value in values {
            for decimals in [0, 1, 2, 3, 4] {
                #expect(
                    Formatting.fixed(value, decimals: decimals) == String(format: "%.\(decimals)f", value),
                    "\(value) with \(decimals) decimals")
            }
        }
        #expect(Formatting.fixed(-1e300, decimals: 2).count > 300)
    }
}

/// report.json's types list their members in key order, so the member writer prints them as they come
/// and never has to sort (it would, and the bytes would be right, but slower).
@Suite struct JSONMemberOrderTests {
    private struct OrderChecker: JSONMemberVisitor {
        var keys: [String] = []
        var outOfOrder: [String] = []

        mutating func note(_ key: StaticString) {
            let key = key.description
            if let last = keys.last, !last.utf8.lexicographicallyPrecedes(key.utf8) {
                outOfOrder.append("\(last) before \(key)")
            }
            keys.append(key)
        }

        mutating func member<Value: Encodable>(_ key: StaticString, _ value: Value) throws { note(key) }
        mutating func member<Value: Encodable>(_ key: StaticString, _ value: Value?) throws { note(key) }
        mutating func memberIfPresent<Value: Encodable>(_ key: StaticString, _ value: Value?) throws { note(key) }
    }

    private static func outOfOrder(_ value: some JSONMembers) throws -> [String] {
        var checker = OrderChecker()
        try value.visitMembers(&checker)
        return checker.outOfOrder
    }

    @Test func everyReportTypeListsItsMembersInKeyOrder() throws {
        let report = HostileReport.make()
        let test = try #require(report.tests.first)
        #expect(try Self.outOfOrder(test).isEmpty)
        #expect(try Self.outOfOrder(try #require(report.runs.first)).isEmpty)
        #expect(try Self.outOfOrder(test.passRateInterval).isEmpty)
        #expect(try Self.outOfOrder(DurationStatistics(min: 1, median: 2, p90: 3, max: 4, mean: 2)).isEmpty)
        #expect(
            try Self.outOfOrder(TestSummary.FailureSummary(message: "m", location: "l", count: 1, runIndices: [0]))
                .isEmpty)
        #expect(
            try Self.outOfOrder(
                ConfidenceStatement(
                    failureRateUpperBound: 0.1, failureRateInterval: nil,
                    targetFailureRate: 0.01, cleanRunsNeeded: 3)
            ).isEmpty)
    }

    /// A type that lists its members out of order is still written in key order.
    @Test func membersListedOutOfOrderAreWrittenSorted() throws {
        struct Unordered: JSONMembers {
            func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }
            func visitMembers<Visitor: JSONMemberVisitor>(_ visitor: inout Visitor) throws {
                try visitor.member("zeta", 1)
                try visitor.member("alpha", [2.5, 3])
                try visitor.member("Mid", Optional<String>.none)
                try visitor.member("beta", DurationStatistics(min: 1, median: 2, p90: 3, max: 4, mean: 2))
            }
        }
        var writer = JSONMemberWriter(writer: JSONTreeWriter())
        try writer.writeObject(Unordered())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        #expect(writer.writer.bytes == Array(try encoder.encode(Unordered())))
    }
}
