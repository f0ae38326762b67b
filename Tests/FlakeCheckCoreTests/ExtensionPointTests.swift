import Testing
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckReporting

/// A subcommand and a report format are each declared once (ARCHITECTURE.md, "Adding things"): the
/// usage text, the lookup by name, the help's format list, the parser and the writer all read the same
/// declaration.
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
}
