import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// A set of options that belong together, declared once and shared by the commands made of it, in the
/// shape of swift-argument-parser's `ParsableArguments`: its options (for parsing and `--help`), how their
/// values are read, and `validate()` for the rules between them. Reading only turns text into values; a
/// value that does not read is the only error it throws. A command accepts the options its `specs` list,
/// so a group's option a command leaves out simply keeps its default.
package protocol OptionGroup {
    /// The group's options, in the order `--help` lists them.
    static var specs: [OptionSpec] { get }
    init(_ parsed: ParsedArguments) throws
    /// The rules between the group's own options; rules across groups are the command's.
    func validate() throws
}

extension OptionGroup {
    package func validate() throws {}
}
