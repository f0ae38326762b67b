
/// A set of options that belong together, in the shape of swift-argument-parser's `ParsableArguments`:
/// a value whose fields hold the options' values, with their defaults (`init()`), and the options bound
/// to those fields (`fields`), each declared once. Reading only turns text into values; a value that does
/// not read is the only error it throws, and `validate()` holds the rules between the group's own
/// options. The groups a session follows (`SelectionOptions`, `BuildOptions`, `RunOptions`,
/// `ScheduleOptions`, `GateOptions`) are the Runner's own values, handed to it whole in the `RunPlan`;
/// only their spelling and help live here.
package protocol OptionGroup: Sendable {
    /// Every option at its default.
    init()
    /// The group's options, in the order `--help` lists them, each bound to its field.
    static var fields: [OptionField<Self>] { get }
    /// The rules between the group's own options; rules across groups are the command's.
    func validate() throws
}

extension OptionGroup {
    /// The group's options as `--help` lists them and the parser accepts them.
    package static var specs: [OptionSpec] { fields.map(\.spec) }

    /// The group with each option the command line gave in its field, the others at their defaults.
    init(_ parsed: ParsedArguments) throws {
        self.init()
        for field in Self.fields { try field.read(parsed, &self) }
    }

    package func validate() throws {}
}
