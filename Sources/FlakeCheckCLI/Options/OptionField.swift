
/// One option bound to the field of its group that holds its value. The option says how it is spelled,
/// helped and read; the field says its type and its default, which `--help` shows (read from the
/// group's `init()`, so it is written nowhere else). A command reads the field; nothing copies it.
package struct OptionField<Group: OptionGroup>: Sendable {
    package private(set) var spec: OptionSpec
    /// Puts the option's value, when the command line gave it, into the field.
    package let read: @Sendable (ParsedArguments, inout Group) throws -> Void

    private init(spec: OptionSpec, read: @escaping @Sendable (ParsedArguments, inout Group) throws -> Void) {
        self.spec = spec
        self.read = read
    }

    /// An option whose field always has a value: the default until the command line gives another.
    init<Value>(_ option: Option<Value>, _ field: WritableKeyPath<Group, Value> & Sendable) {
        var spec = option.spec
        if spec.defaultText == nil { spec.defaultText = option.shown(Group()[keyPath: field]) }
        self.init(spec: spec) { parsed, group in
            if let value = try parsed.given(option) { group[keyPath: field] = value }
        }
    }

    /// An option whose field is nil unless the command line gives it; \`shownDefault\` says in \`--help\` what
    /// nil then stands for (\`.\`, \`number of CPUs\`).
    init<Value>(
        _ option: Option<Value>, _ field: WritableKeyPath<Group, Value?> & Sendable, shownDefault: String? = nil
    ) {
        var spec = option.spec
        if let shownDefault { spec.defaultText = shownDefault }
        self.init(spec: spec) { parsed, group in
            if let value = try parsed.given(option) { group[keyPath: field] = value }
        }
    }

    /// A repeatable option: every value given, in order.
    init(every option: Option<String>, _ field: WritableKeyPath<Group, [String]> & Sendable) {
        self.init(spec: option.spec) { parsed, group in
            let values = parsed.values(option)
            if !values.isEmpty { group[keyPath: field] = values }
        }
    }

    /// A flag: present sets the field to `value` (`--no-build` sets `build` to false).
    init(_ flag: Flag, _ field: WritableKeyPath<Group, Bool> & Sendable, setting value: Bool = true) {
        self.init(spec: flag.spec) { parsed, group in
            if parsed.has(flag) { group[keyPath: field] = value }
        }
    }

    /// The same option, reading into the group `path` holds inside a larger one.
    package func within<Outer: OptionGroup>(_ path: WritableKeyPath<Outer, Group> & Sendable) -> OptionField<Outer> {
        let read = self.read
        return OptionField<Outer>(spec: spec) { parsed, outer in try read(parsed, &outer[keyPath: path]) }
    }

    /// The same option worded for another command (`list` lists, `demo` runs the example).
    package func worded(_ help: String, shownDefault: String? = nil) -> OptionField {
        var copy = self
        copy.spec.help = help
        if let shownDefault { copy.spec.defaultText = shownDefault }
        return copy
    }

    /// The same option, accepted but left out of `--help`.
    func hiddenFromHelp() -> OptionField {
        var copy = self
        copy.spec = spec.hiddenFromHelp()
        return copy
    }
}
