import FlakeCheckSupport

/// One command-line option: its spelling, whether it takes a value, and the help text `--help` prints.
package struct OptionSpec: Sendable {
    package var name: String
    package var valueName: String?
    package var help: String
    package var defaultText: String?
    package var repeatable: Bool
    /// Accepted but not listed by `--help`: an alias kept for old scripts (`--stress`), or an option a
    /// command refuses with a message of its own (`--replay` outside `run`).
    package var hidden = false

    package init(
        _ name: String, value: String? = nil, help: String, default defaultText: String? = nil,
        repeatable: Bool = false
    ) {
        self.name = name
        self.valueName = value
        self.help = help
        self.defaultText = defaultText
        self.repeatable = repeatable
    }

    var isFlag: Bool { valueName == nil }

    /// The same option, accepted but left out of `--help`.
    func hiddenFromHelp() -> OptionSpec {
        var spec = self
        spec.hidden = true
        return spec
    }

    /// How wide `--help` is: an 80-column terminal shows every line whole.
    static let helpWidth = 80
    static let helpIndent = 28

    /// `  --runs N                  Runs per test (default: 100)`, wrapped at word boundaries to 80 columns.
    var helpLine: String {
        let left = "  " + name + (valueName.map { " " + $0 } ?? "")
        let extras = [repeatable ? "repeatable" : nil, defaultText.map { "default: \($0)" }].compactMap { $0 }
        // The parenthesis is one unit, so `(default: 100)` is never split.
        let words =
            help.split(separator: " ").map(String.init)
            + (extras.isEmpty ? [] : ["(" + extras.joined(separator: "; ") + ")"])
        let indent = String(repeating: " ", count: Self.helpIndent)
        var lines: [String] =
            left.count < Self.helpIndent
            ? [left + String(repeating: " ", count: Self.helpIndent - left.count)]
            : [left, indent]
        for word in words {
            let current = lines[lines.count - 1]
            let fresh = current.count <= Self.helpIndent
            if !fresh, current.count + 1 + word.count > Self.helpWidth {
                lines.append(indent + word)
            } else {
                lines[lines.count - 1] = current + (fresh ? "" : " ") + word
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// The result of matching argv against a command's options.
package struct ParsedArguments: Sendable {
    package var values: [String: [String]] = [:]
    package var flags: Set<String> = []
    package var positionals: [String] = []

    package func value(_ name: String) -> String? { values[name]?.last }
    package func all(_ name: String) -> [String] { values[name] ?? [] }
    package func has(_ name: String) -> Bool { flags.contains(name) }

    package static func parse(_ arguments: [String], specs: [OptionSpec]) throws -> ParsedArguments {
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
                throw FlakeCheckError.usage("unknown option '\(name)'.\(suggestion(for: name, in: specs))")
            }
            if spec.isFlag {
                guard inlineValue == nil else { throw FlakeCheckError.usage("\(name) takes no value.") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw FlakeCheckError.usage("\(name) needs a value (\(spec.valueName ?? "VALUE")).")
                }
                value = arguments[index]
                index += 1
            }
            if !spec.repeatable, parsed.values[name] != nil {
                throw FlakeCheckError.usage("\(name) was given twice.")
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
