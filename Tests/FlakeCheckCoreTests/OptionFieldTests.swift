import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// An option is declared once, bound to the field of the Runner's group that holds it; the plan takes the
/// groups whole, and the report's configuration says each meaning of "runs" in a field of its own.
@Suite struct OptionFieldTests {
    static func plan(_ arguments: [String], environment: [String: String] = [:]) throws -> RunPlan {
        var context = CommandContext(
            stdout: CapturedOutput(), stderr: CapturedOutput(), environment: environment,
            currentDirectory: NSTemporaryDirectory())
        context.processorCount = 2
        let options = try SessionOptions(try ParsedArguments.parse(arguments, specs: RunCommand.specs))
        try options.validate()
        return try SessionPlanner(options).plan(context)
    }

    @Test func aGivenOptionLandsInItsFieldAndTheOthersKeepTheGroupsDefaults() throws {
        let plan = try Self.plan(["--runs", "7", "--timeout", "12.5", "--filter", "A", "--filter", "B"])
        #expect(plan.run.runs == 7)
        #expect(plan.run.timeout == 12.5)
        #expect(plan.selection.filters == ["A", "B"])
        var expected = RunOptions()
        expected.runs = 7
        expected.timeout = 12.5
        #expect(plan.run == expected)
        #expect(plan.build == BuildOptions())
        #expect(plan.gate == GateOptions())
    }

    @Test func helpShowsTheDefaultTheFieldHas() throws {
        let timeout = try #require(RunOptions.specs.first { $0.name == "--timeout" })
        #expect(timeout.defaultText == "300")
        #expect(RunOptions().timeout == 300)
        let configuration = try #require(BuildOptions.specs.first { $0.name == "--configuration" })
        #expect(configuration.defaultText == BuildOptions().configuration)
        let confidence = try #require(GateOptions.specs.first { $0.name == "--confidence" })
        #expect(confidence.defaultText == "\(GateOptions().confidence)")
    }

    @Test func aFlagCanClearItsField() throws {
        #expect(try Self.plan([]).build.buildsFirst)
        #expect(try !Self.plan(["--no-build"]).build.buildsFirst)
        #expect(try !Self.plan(["--archive", "a.tar.gz"]).build.buildsFirst)
    }

    @Test func aValueThatDoesNotReadSaysWhatTheOptionTakes() throws {
        #expect(throws: FlakeCheckError.usage("--runs takes a whole number from 1 to 1000000, not '0'.")) {
            try Self.plan(["--runs", "0"])
        }
    }

    @Test func theConfigurationSaysEachMeaningOfRunsInAFieldOfItsOwn() throws {
        let fixed = try Self.plan(["--runs", "10"]).reportConfiguration(toolchain: nil, notes: nil)
        #expect([fixed.runs, fixed.runsAsked, fixed.runsHere, fixed.maxRuns] == [10, 10, 10, nil])
        #expect(fixed.shard == nil)

        let shard = try Self.plan(["--runs", "10", "--shard", "2/4"]).reportConfiguration(toolchain: nil, notes: nil)
        // Run indices 1, 5 and 9 of 0..<10 are shard 2's.
        #expect([shard.runs, shard.runsAsked, shard.runsHere, shard.maxRuns] == [10, 10, 3, nil])
        #expect(shard.shard == Shard(index: 2, count: 4))

        let auto = try Self.plan(
            ["--runs", "10", "--shard", "auto"], environment: ["CI_NODE_INDEX": "4", "CI_NODE_TOTAL": "4"]
        ).reportConfiguration(toolchain: nil, notes: nil)
        #expect([auto.runs, auto.runsHere] == [10, 2])

        let proven = try Self.plan(["--until-proven", "--max-runs", "7"]).reportConfiguration(
            toolchain: nil, notes: nil)
        #expect([proven.runs, proven.runsAsked, proven.runsHere, proven.maxRuns] == [7, nil, nil, 7])
        #expect(proven.untilProven == true)

        let reruns = try Self.plan(["--rerun-failures", "3"]).reportConfiguration(toolchain: nil, notes: nil)
        #expect([reruns.runs, reruns.runsAsked, reruns.runsHere, reruns.maxRuns] == [1, 1, 1, nil])
        #expect(reruns.rerunFailures == 3)

        let byDefault = try Self.plan([]).reportConfiguration(toolchain: nil, notes: nil)
        #expect(byDefault.runsAsked == RunOptions.defaultRuns)

        // The report's header says the meaning its runs had.
        #expect(fixed.runsPhrase() == "10 runs")
        #expect(shard.runsPhrase() == "3 runs (shard 2/4 of 10)")
        #expect(shard.runsPhrase(noun: false) == "3 (shard 2/4 of 10)")
        #expect(proven.runsPhrase() == "up to 7 runs")
        #expect(reruns.runsPhrase() == "1 run")
    }

    @Test func aShardsShareOfTheRunsIsTheIndicesItContains() {
        for count in 1...5 {
            for index in 1...count {
                let shard = Shard(index: index, count: count)
                for runs in 0...12 {
                    #expect(RunPlan.runs(of: shard, among: runs) == (0..<runs).filter(shard.contains).count)
                }
            }
        }
    }
}
