import FlakeCheckSupport

/// One option with a value: its spelling and help (`spec`), the type of its value, and how text becomes
/// the value, including the range check and the words an error uses. An option of a group is bound to
/// the group's field (`OptionField`), which holds its default; a command's own option may carry one here.
/// `--help` shows the default the value really has (unless `shownDefault` says it better).
package struct Option<Value: Sendable>: Sendable {
    package private(set) var spec: OptionSpec
    let defaultValue: Value?
    /// What the option takes, for the error: "a whole number from 1 to 1000000".
    package let takes: String
    /// The value of a text, nil when it does not read (or a usage error of the value's own).
    package let read: @Sendable (String) throws -> Value?
    /// How `--help` shows a default.
    package var shown: @Sendable (Value) -> String = { "\($0)" }

    init(
        _ name: String, value valueName: String, help: String, default defaultValue: Value? = nil,
        shownDefault: String? = nil, repeatable: Bool = false, takes: String,
        read: @escaping @Sendable (String) throws -> Value?
    ) {
        spec = OptionSpec(
            name, value: valueName, help: help,
            default: shownDefault ?? defaultValue.map { "\($0)" }, repeatable: repeatable)
        self.defaultValue = defaultValue
        self.takes = takes
        self.read = read
    }
}

/// An option without a value: present or not.
package struct Flag: Sendable {
    package let spec: OptionSpec

    init(_ name: String, help: String) { spec = OptionSpec(name, help: help) }
}

extension Option where Value == Int {
    package static func integer(
        _ name: String, value: String = "N", help: String, shownDefault: String? = nil, range: ClosedRange<Int>
    ) -> Option {
        Option(
            name, value: value, help: help, shownDefault: shownDefault,
            takes: "a whole number from \(range.lowerBound) to \(range.upperBound)"
        ) { text in
            Int(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}

extension Option where Value == Double {
    package static func number(
        _ name: String, value: String, help: String, range: ClosedRange<Double>, takes: String
    ) -> Option {
        var option = Option(name, value: value, help: help, takes: takes) { text in
            Double(text).flatMap { range.contains($0) ? $0 : nil }
        }
        // `300`, not `300.0`, in --help.
        option.shown = { $0.rounded() == $0 && abs($0) >= 10 ? String(Int($0)) : "\($0)" }
        return option
    }
}

extension Option where Value == String {
    package static func text(
        _ name: String, value: String, help: String, default defaultValue: String? = nil,
        repeatable: Bool = false
    ) -> Option {
        Option(name, value: value, help: help, default: defaultValue, repeatable: repeatable, takes: "a value") { $0 }
    }
}

extension ParsedArguments {
    /// The option's value: given, else its default. A value that does not read is a usage error that
    /// says what the option takes.
    package func value<Value>(_ option: Option<Value>) throws -> Value? {
        try given(option) ?? option.defaultValue
    }

    /// The option's value when the command line gave it; nil when it did not.
    func given<Value>(_ option: Option<Value>) throws -> Value? {
        guard let text = value(option.spec.name) else { return nil }
        guard let value = try option.read(text) else {
            throw FlakeCheckError.usage("\(option.spec.name) takes \(option.takes), not '\(text)'.")
        }
        return value
    }

    /// Every value of a repeatable option.
    package func values(_ option: Option<String>) -> [String] { all(option.spec.name) }

    package func has(_ flag: Flag) -> Bool { has(flag.spec.name) }
}
