import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Counts elements and collects attributes while Foundation's XMLParser reads a JUnit file.
private final class JUnitCollector: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var attributes: [String: [[String: String]]] = [:]
    var text = ""

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        counts[elementName, default: 0] += 1
        attributes[elementName, default: []].append(attributeDict)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    static func parse(_ xml: String) -> (collector: JUnitCollector, ok: Bool, error: String?) {
        let collector = JUnitCollector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        let ok = parser.parse()
        return (collector, ok, parser.parserError.map { "\($0)" })
    }
}

@Suite struct JUnitReportTests {
    @Test func parsesWithExpectedElementCounts() {
        let xml = JUnitReport().render(HostileReport.make())
        let result = JUnitCollector.parse(xml)
        #expect(result.ok, "XMLParser failed: \(result.error ?? "")")
        let counts = result.collector.counts
        #expect(counts["testsuites"] == 1)
        #expect(counts["testsuite"] == 4)  // the hostile suite, Mod.Evil, Mod.Suite, flakecheck (the gate)
        #expect(counts["testcase"] == 6)
        #expect(counts["failure"] == 3)  // the failing test, the flaky one the gate counts, the gate
        #expect(counts["flakyFailure"] == JUnitReport.maxFlakyFailures)
        #expect(counts["skipped"] == 1)
        #expect(counts["error"] == 1)
        #expect(counts["properties"] == 6)
    }

    @Test func suitesGroupTestsInReportOrder() {
        let result = JUnitCollector.parse(JUnitReport().render(HostileReport.make()))
        let suites = result.collector.attributes["testsuite"] ?? []
        #expect(suites.map { $0["name"] } == [HostileReport.hostileSuite, "Mod.Evil", "Mod.Suite", "flakecheck"])
        #expect(suites.map { $0["tests"] } == ["1", "1", "3", "1"])
        let root = result.collector.attributes["testsuites"]?.first ?? [:]
        #expect(root["tests"] == "6")
        #expect(root["failures"] == "3")
        #expect(root["errors"] == "1")
        #expect(root["skipped"] == "1")
    }

    @Test func hostileNamesRoundTrip() {
        let xml = JUnitReport().render(HostileReport.make())
        #expect(!xml.contains("<script>"))
        #expect(!xml.contains("]]>"))
        for removed in ["\u{0}", "\u{01}", "\u{1B}", "\u{7F}", "\u{FFFE}"] {
            #expect(!xml.contains(removed), "character \(removed.unicodeScalars.first!.value) was kept")
        }
        let result = JUnitCollector.parse(xml)
        let cases = result.collector.attributes["testcase"] ?? []
        #expect(cases.map { $0["name"] }.contains(HostileReport.scriptName))
        #expect(cases.first?["classname"] == HostileReport.hostileSuite)
        #expect(cases.first?["name"] == "stable() & 'friends'")
        #expect(cases.first?["time"] == "0.012")
        let flaky = result.collector.attributes["flakyFailure"] ?? []
        #expect(flaky.first?["message"] == "expected <b>bold</b> & \"quoted\" ]]> bell")
        #expect(flaky.first?["type"] == "failed")
        let failure = result.collector.attributes["failure"]?.first { $0["type"] != "flaky" } ?? [:]
        #expect(failure["message"] == "replacement \u{FFFD} and ]]> and nul[31mred")
        #expect(result.collector.text.contains("]]>"))
    }

    @Test func flakyTestsCarryProperties() {
        let result = JUnitCollector.parse(JUnitReport().render(HostileReport.make()))
        let properties = result.collector.attributes["property"] ?? []
        var byName: [String: [String]] = [:]
        for property in properties { byName[property["name"] ?? "", default: []].append(property["value"] ?? "") }
        #expect(byName["verdict"] == ["stable", "flaky", "failing", "skipped", "not-run"])
        #expect(byName["runs"] == ["8", "8", "4", "4", "0"])
        #expect(byName["passRate"] == ["1.0000", "0.3750", "0.0000"])
        #expect(byName["passRateLower"]?.count == 3)
        #expect(byName["passRateUpper"]?.first == "1.0000")
        let error = result.collector.attributes["error"]?.first ?? [:]
        #expect(error["message"] == "never ran")
    }

    @Test func compareReportsGroupByStrategy() {
        let result = JUnitCollector.parse(JUnitReport().render(HostileReport.make(strategy: "naive")))
        #expect(result.ok)
        let suites = result.collector.attributes["testsuite"] ?? []
        #expect(suites.dropLast().allSatisfy { $0["name"]?.hasPrefix("naive / ") == true })
        #expect(suites.last?["name"] == "flakecheck")
        let cases = result.collector.attributes["testcase"] ?? []
        #expect(cases.map { $0["classname"] }.contains("Mod.Suite"))
    }

    @Test func outputIsDeterministic() {
        let report = HostileReport.make(strategy: "s")
        #expect(JUnitReport().render(report) == JUnitReport().render(report))
    }
}

extension JUnitReportTests {
    /// `file` holds a path only; the line has its own attribute (it used to be glued on: `A.swift:12`).
    @Test func fileAttributeIsAPath() {
        let result = JUnitCollector.parse(JUnitReport().render(HostileReport.make()))
        let located = (result.collector.attributes["testcase"] ?? []).filter { $0["file"] != nil }
        #expect(!located.isEmpty)
        for attributes in located {
            #expect(attributes["file"]?.hasSuffix(".swift") == true, "\(attributes)")
            #expect(attributes["line"] == "12")
        }
    }
}

/// GitLab, Jenkins and Buildkite fail a JUnit report when any testcase has a `<failure>` or an `<error>`
/// (their documented rule). Read that way, the JUnit of every report whose gate fails is red, and the
/// JUnit of every report whose gate passes is green.
@Suite struct JUnitGateAgreementTests {
    /// What those readers decide from a JUnit file.
    static func readAsCIDoes(_ xml: String) -> (red: Bool, properties: [String: String]) {
        let result = JUnitCollector.parse(xml)
        var properties: [String: String] = [:]
        for property in result.collector.attributes["property"] ?? [] {
            properties[property["name"] ?? ""] = property["value"]
        }
        let red = (result.collector.counts["failure"] ?? 0) + (result.collector.counts["error"] ?? 0) > 0
        return (red, properties)
    }

    static func report(history: String, minPassRate: Double = 1, interrupted: Bool = false, failOnNewFlaky: Bool = false)
        -> FlakeReport
    {
        var test = HostileReport.test(id: "M.S/a()", suite: "M.S", name: "a()", history: history)
        if failOnNewFlaky { test.change = .new }
        var configuration = HostileReport.make().configuration
        configuration.minPassRate = minPassRate
        configuration.failOnNewFlaky = failOnNewFlaky ? true : nil
        return FlakeReport.assemble(
            command: "run", configuration: configuration, startedAt: "2026-11-28T00:00:00Z",
            finishedAt: "2026-11-28T00:00:01Z", wallSeconds: 1, interrupted: interrupted,
            runs: (0..<history.count).map { RunRecord(index: $0, strategy: nil, processes: [], logPath: nil) },
            tests: [test], strategies: nil)
    }

    @Test func everyGateFailureIsRedAndEveryPassGreen() {
        let cases: [(String, FlakeReport)] = [
            ("stable", Self.report(history: "PPPP")),
            ("flaky under a 100% minimum", Self.report(history: "PPFP")),
            ("flaky above --min-pass-rate 0.5", Self.report(history: "PPFP", minPassRate: 0.5)),
            ("flaky under --min-pass-rate 0.9", Self.report(history: "PPFP", minPassRate: 0.9)),
            ("new and flaky under --fail-on-new-flaky", Self.report(history: "PPFP", minPassRate: 0.5, failOnNewFlaky: true)),
            ("interrupted", Self.report(history: "PP", interrupted: true)),
            ("failing", Self.report(history: "FFFF")),
        ]
        for (name, report) in cases {
            let read = Self.readAsCIDoes(JUnitReport().render(report))
            #expect(read.red == !report.gate.passed, "\(name): gate passed \(report.gate.passed)")
        }
    }

    @Test func anInterruptedRunSaysSoAndFails() {
        let report = Self.report(history: "PP", interrupted: true)
        #expect(!report.gate.passed)
        let read = Self.readAsCIDoes(JUnitReport().render(report))
        #expect(read.red)
        #expect(read.properties["interrupted"] == "true")
        #expect(MarkdownReport().render(report).hasPrefix("## flakecheck: interrupted\n"))
    }
}
