import Foundation
import Testing
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckReporting

/// A subcommand, a report format and a hunt's arm are each declared once (ARCHITECTURE.md, "Adding
/// things"): the usage text, the lookup by name, the help's lists, the parser, the writer, which arms a
/// session can make and the flags that repeat its draws all read the same declaration.
@Suite struct ExtensionPointTests {
    @Test func everyCommandIsListedAndFoundByItsOneName() {
        let names = FlakeCheckCommand.commands.map { $0.name }
        #expect(Set(names).count == names.count)
        for command in FlakeCheckCommand.commands {
            #expect(FlakeCheckCommand.command(named: command.name).map(ObjectIdentifier.init) == ObjectIdentifier(command))
            #expect(FlakeCheckCommand.usage.contains("\n  \(command.name) "), "\(command.name)")
            #expect(command.usageLine.hasPrefix("flakecheck \(command.name)"), "\(command.usageLine)")
        }
        #expect(FlakeCheckCommand.command(named: "nonsense") == nil)
    }

    @Test func everyFormatParsesByItsNamesAndWritesItsOwnFile() throws {
        let fileNames = ReportFormat.allCases.map(\.fileName)
        #expect(Set(fileNames).count == fileNames.count)
        for format in ReportFormat.allCases {
            #expect(try ReportFormat.named(in: format.rawValue.uppercased()) == [format])
            #expect(ReportFormat.names.contains(format.rawValue))
        }
        #expect(try ReportFormat.named(in: "md, htm,xml") == [.markdown, .html, .junit])
        #expect(try ReportFormat.parseList("html,json") == [.json, .html])
        #expect(throws: (any Error).self) { try ReportFormat.named(in: "jsonx") }
    }

    @Test func everyArmHasOneRowThatTheRestReads() {
        let labels = ConditionArm.allCases.map(\.label)
        #expect(Set(labels).count == labels.count, "labels name arms apart in the rates")
        for arm in ConditionArm.allCases {
            #expect(arm.family.arms.contains(arm))
            #expect(ConditionArm(label: arm.label) == arm)
            // Delays need the hook library that makes them; an arm with an option needs that option.
            #expect(arm.delayMode == nil || arm.definition.needs.contains(.hookLibrary), "\(arm)")
            #expect(
                (arm.definition.option != nil)
                    == !arm.definition.needs.isDisjoint(with: [.shortenSleeps, .noise]), "\(arm)")
            #expect(ConditionOptions.arms.spec.help.contains(arm.rawValue), "--arms' help lists \(arm)")
        }
        // A session with nothing makes plain runs only; with everything, every arm.
        #expect(ConditionArm.available(with: []) == [.plain])
        let everything: ArmDefinition.Needs = [
            .hookLibrary, .pinnedCPUs, .severalWorkers, .ownProcess, .shortenSleeps, .noise,
        ]
        #expect(ConditionArm.available(with: everything) == ConditionArm.allCases)
        #expect(
            ConditionArm.available(with: [.hookLibrary, .ownProcess])
                == [.plain, .slowTasks, .delayedJobs, .batchedJobs, .slowQueues, .schedules, .busyCPUs])
    }

    /// The words that repeat a session's draws come from the arms that needed an option: the terminal's
    /// announcement and every report say the same.
    @Test func seedFlagsNameEveryOptionTheArmsNeeded() {
        #expect(ConditionArm.seedFlags(exploreSchedules: false, optionalArms: []) == "--perturb-seed")
        #expect(
            ConditionArm.seedFlags(exploreSchedules: false, optionalArms: [.noise, .shortSleeps])
                == "--shorten-sleeps --perturb-noise --perturb-seed")
        #expect(
            ConditionArm.seedFlags(exploreSchedules: true, optionalArms: [.noise]) == "--explore-schedules --perturb-seed")
    }

    /// A report of a session with `--perturb-noise` says to repeat it with that flag: without it the noise
    /// arm cannot be drawn, and the same seed draws other conditions.
    @Test func reportsRepeatANoiseSessionWithItsFlag() throws {
        var report = try TerminalTests.report()
        report.configuration.perturbSeed = 4
        report.configuration.perturbNoise = true
        #expect(
            MarkdownReport().render(report).contains(
                "Every run was perturbed (`--perturb-noise --perturb-seed 4` repeats its conditions, except each "
                    + "run's arm, which followed the failures)."))
    }

    /// `runs[].perturbation.swiftTesting` is a value with three shapes, written as the words reports always had.
    @Test func swiftTestingParallelismReadsAndWritesItsWords() throws {
        for (text, value) in [
            ("parallel", SwiftTestingParallelism.parallel), ("serial", .serial), ("width 2", .width(2)),
        ] {
            #expect(SwiftTestingParallelism(text) == value)
            let encoded = try JSONEncoder().encode([value])
            #expect(String(decoding: encoded, as: UTF8.self) == "[\"\(text)\"]")
            #expect(try JSONDecoder().decode([SwiftTestingParallelism].self, from: encoded) == [value])
        }
        for junk in ["width", "width 0", "width x", "Parallel", ""] {
            #expect(SwiftTestingParallelism(junk) == nil, "\(junk)")
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([SwiftTestingParallelism].self, from: Data("[\"sideways\"]".utf8))
        }
    }
}
