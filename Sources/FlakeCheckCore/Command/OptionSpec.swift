/// One command-line option: its spelling, whether it takes a value, and the help text `--help` prints.
public struct OptionSpec: Sendable {
    public var name: String
    public var valueName: String?
    public var help: String
    public var defaultText: String?
    public var repeatable: Bool

    public init(_ name: String, value: String? = nil, help: String, default defaultText: String? = nil,
                repeatable: Bool = false) {
        self.name = name
        self.valueName = value
        self.help = help
        self.defaultText = defaultText
        self.repeatable = repeatable
    }

    var isFlag: Bool { valueName == nil }

    /// `  --runs N                 Runs per test (default: 100)`
    var helpLine: String {
        let left = "  " + name + (valueName.map { " " + $0 } ?? "")
        let padded = left.count < 28 ? left + String(repeating: " ", count: 28 - left.count) : left + "  "
        let extras = [repeatable ? "repeatable" : nil, defaultText.map { "default: \($0)" }].compactMap { $0 }
        return padded + help + (extras.isEmpty ? "" : " (" + extras.joined(separator: "; ") + ")")
    }
}

/// The result of matching argv against a command's options.
public struct ParsedArguments: Sendable {
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []
    public var positionals: [String] = []

    public func value(_ name: String) -> String? { values[name]?.last }
    public func all(_ name: String) -> [String] { values[name] ?? [] }
    public func has(_ name: String) -> Bool { flags.contains(name) }

    public static func parse(_ arguments: [String], specs: [OptionSpec], usage: String) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw FlakeCheckError.usage("unknown option '\(name)'.\(suggestion(for: name, in: specs))\n\(usage)")
            }
            if spec.isFlag {
                guard inlineValue == nil else { throw FlakeCheckError.usage("\(name) takes no value.\n\(usage)") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw FlakeCheckError.usage("\(name) needs a value (\(spec.valueName ?? "VALUE")).\n\(usage)")
                }
                value = arguments[index]
                index += 1
            }
            if !spec.repeatable, parsed.values[name] != nil {
                throw FlakeCheckError.usage("\(name) was given twice.\n\(usage)")
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func suggestion(for name: String, in specs: [OptionSpec]) -> String {
        let stripped = name.drop { $0 == "-" }
        let close = specs.first { spec in
            let candidate = spec.name.drop { $0 == "-" }
            return candidate.hasPrefix(stripped.prefix(3)) || stripped.hasPrefix(candidate.prefix(4))
        }
        return close.map { " Did you mean '\($0.name)'?" } ?? ""
    }
}
