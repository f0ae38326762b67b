import FlakeCheckModel
import Foundation

/// Reads the reports ThreadSanitizer writes for one test process (`TSAN_OPTIONS=log_path=…` puts them in
/// a file of their own, so they never mix with the test output the console parser reads):
///
///     WARNING: ThreadSanitizer: Swift access race (pid=11620)
///       Modifying access of Swift variable at 0x563b34cc25c0 by thread T4:
///         #0 $s4Racy6recordyySSF /src/Sources/Racy/Counter.swift (PackageTests.xctest+0x10579c) (BuildId: …)
///         #1 $s9RacyTests9RaceSuiteV7appendAyyYaFTY0_ /src/Tests/RacyTests/RacyTests.swift:6:53 (…)
///       Previous modifying access of Swift variable at 0x563b34cc25c0 by thread T2:
///         …
///       Location is global '$s4Racy9sharedLogSaySSGvp' of size 8 at 0x563b34cc25c0 (…)
///       Thread T4 'oot.default-qos' (tid=11625, running) created by thread T3 at:
///         …
///     SUMMARY: ThreadSanitizer: Swift access race /src/Sources/Racy/Counter.swift in $s4Racy6recordyySSF
///
/// Accesses are the sections that name a read, write or access; thread-creation and mutex sections are
/// left out. Addresses are dropped, since they differ in every process and would defeat deduplication.
package enum ThreadSanitizerLog {
    /// More reports than this from one process say nothing more, and would only grow the report.
    package static let maximumReports = 100
    /// Frames kept per access: the project's own are near the top.
    package static let maximumFrames = 16

    package static func reports(in text: String) -> [SanitizerReport] {
        var reports: [SanitizerReport] = []
        var current: SanitizerReport?
        var section: Section = .other
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let kind = Self.kind(ofHeader: line) {
                if let finished = current { reports.append(finished) }
                current = SanitizerReport(kind: kind, summary: kind, location: nil, accesses: [])
                section = .other
                continue
            }
            guard current != nil else { continue }
            if line.hasPrefix("SUMMARY: ThreadSanitizer: ") {
                current?.summary = Self.demangledWords(line.dropFirst("SUMMARY: ThreadSanitizer: ".count))
                reports.append(current!)
                current = nil
                if reports.count >= maximumReports { break }
                continue
            }
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            if indent == 2, !trimmed.isEmpty {
                section = Self.section(of: trimmed)
                switch section {
                case .access(let description): current?.accesses.append(.init(description: description, frames: []))
                case .location(let text): current?.location = text
                case .other: break
                }
            } else if indent >= 4, trimmed.hasPrefix("#"), case .access = section,
                let frame = Self.frame(trimmed), let last = current?.accesses.indices.last,
                current!.accesses[last].frames.count < maximumFrames
            {
                current?.accesses[last].frames.append(frame)
            }
        }
        if let unfinished = current, reports.count < maximumReports { reports.append(unfinished) }
        return reports
    }

    private enum Section {
        case access(String)
        case location(String)
        case other
    }

    /// `WARNING: ThreadSanitizer: data race (pid=12)` → `data race`.
    private static func kind(ofHeader line: Substring) -> String? {
        guard line.hasPrefix("WARNING: ThreadSanitizer: ") else { return nil }
        var kind = line.dropFirst("WARNING: ThreadSanitizer: ".count)
        if let pid = kind.range(of: " (pid=") { kind = kind[..<pid.lowerBound] }
        return String(kind)
    }

    private static func section(of title: Substring) -> Section {
        if title.hasPrefix("Location is ") {
            var text = title.dropFirst("Location is ".count)
            if let at = text.range(of: " at 0x") { text = text[..<at.lowerBound] }
            return .location(demangledWords(text))
        }
        let lowered = title.lowercased()
        let isAccess =
            lowered.contains(" access of ") || lowered.contains("read of size") || lowered.contains("write of size")
        guard isAccess, !lowered.hasPrefix("thread "), !lowered.hasPrefix("mutex ") else { return .other }
        // `… at 0x563b… by thread T4:` → `… by thread T4`: the address differs in every process.
        var description = title.hasSuffix(":") ? title.dropLast() : title
        if let at = description.range(of: " at 0x"),
            let by = description.range(of: " by ", range: at.upperBound..<description.endIndex)
        {
            description = description[..<at.lowerBound] + description[by.lowerBound...]
        }
        return .access(String(description))
    }

    /// `#1 $s9Racy…F /src/Tests/RacyTests.swift:6:53 (PackageTests.xctest+0x146c3c) (BuildId: f94b…)`.
    private static func frame(_ text: Substring) -> SanitizerReport.Frame? {
        var rest = text.drop { $0 != " " }.drop { $0 == " " }
        if let buildID = rest.range(of: " (BuildId: ") { rest = rest[..<buildID.lowerBound] }
        if rest.hasSuffix(")"), let module = rest.range(of: " (", options: .backwards) {
            rest = rest[..<module.lowerBound]
        }
        guard !rest.isEmpty else { return nil }
        guard let space = rest.lastIndex(of: " ") else { return .init(function: SwiftSymbol.demangled(String(rest))) }
        let function = SwiftSymbol.demangled(String(rest[..<space]))
        let place = rest[rest.index(after: space)...]
        guard place.contains("/") || place.contains(".") else { return .init(function: function) }
        let parts = place.split(separator: ":")
        return .init(
            function: function, file: parts.first.map(String.init), line: parts.count > 1 ? Int(parts[1]) : nil)
    }

    /// Demangles every `$s…` word (and `'$s…'` in quotes) of a line.
    private static func demangledWords(_ text: Substring) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let quoted = word.hasPrefix("'") && word.hasSuffix("'") && word.count > 2
            let bare = quoted ? word.dropFirst().dropLast() : word
            guard bare.hasPrefix("$s") || bare.hasPrefix("$S") else { return String(word) }
            let name = SwiftSymbol.demangled(String(bare))
            return quoted ? "'\(name)'" : name
        }.joined(separator: " ")
    }
}
