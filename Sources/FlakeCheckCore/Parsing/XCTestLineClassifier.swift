import Foundation

/// Recognises the lines XCTest prints, in both the swift-corelibs-xctest (Linux) and Apple (macOS) forms:
///
///     Test Case 'Class.method' started at 2026-11-21 00:31:39.346          (Linux)
///     Test Case '-[Module.Class method]' started.                         (macOS)
///     Test Case 'Class.method' failed (0.004 seconds)                      (Linux, or `(0.004 seconds).` on macOS)
///     /path/File.swift:6: error: Class.method : XCTAssertEqual failed: ("2") is not equal to ("3") - msg
///     /path/File.swift:9: Class.method : Test skipped - why
enum XCTestLineClassifier {
    enum Line: Equatable {
        case started(TestReference)
        case finished(TestReference, FinishStatus, duration: Double?)
        case failure(TestReference, FailureRecord)
        /// A skip explanation; the `skipped` end line follows, so it carries no outcome of its own.
        case skipNote
        /// The root suite ended: the process got through every test it was asked to run.
        case runFinished
        /// Suite boundaries and `Executed N tests` summaries: recognised, nothing to record.
        case structural
    }

    private static let casePrefix = "Test Case '"

    static func classify(_ line: String) -> Line? {
        if line.hasPrefix(casePrefix) { return classifyTestCase(line) }
        if line.hasPrefix("Test Suite '") {
            let isRoot = line.hasPrefix("Test Suite 'All tests' ") || line.hasPrefix("Test Suite 'Selected tests' ")
            return isRoot && !line.utf8Contains("' started at ") ? .runFinished : .structural
        }
        if line.hasPrefix("\t Executed ") || line.hasPrefix("     Executed ") { return .structural }
        if let errorMarker = line.utf8Range(of: ": error: ") {
            return classifyFailure(line, errorMarker: errorMarker)
        }
        if line.utf8Contains(" : Test skipped") { return .skipNote }
        return nil
    }

    private static func classifyTestCase(_ line: String) -> Line? {
        let body = line.dropFirst(casePrefix.count)
        if let marker = body.utf8Range(of: "' started", backwards: true) {
            guard let reference = reference(fromPrinted: body[..<marker.lowerBound]) else { return nil }
            return .started(reference)
        }
        for status in [FinishStatus.passed, .failed, .skipped] {
            guard let marker = body.utf8Range(of: "' \(status.rawValue) (", backwards: true) else { continue }
            guard let reference = reference(fromPrinted: body[..<marker.lowerBound]) else { return nil }
            let durationText = body[marker.upperBound...].prefix { $0 != " " && $0 != ")" }
            return .finished(reference, status, duration: Double(durationText))
        }
        return nil  // e.g. performance `measured [...]` lines
    }

    private static func classifyFailure(_ line: String, errorMarker: Range<String.Index>) -> Line? {
        let location = line[..<errorMarker.lowerBound]
        guard let colon = location.lastIndex(of: ":"),
              !location[location.index(after: colon)...].isEmpty,
              location[location.index(after: colon)...].allSatisfy(\.isNumber) else { return nil }
        let rest = line[errorMarker.upperBound...]
        guard let separator = rest.utf8Range(of: " : ") else { return nil }
        guard let reference = reference(fromPrinted: rest[..<separator.lowerBound]) else { return nil }
        let message = String(rest[separator.upperBound...])
        return .failure(reference, FailureRecord(message: message, location: String(location)))
    }

    /// `Class.method` becomes `Class/method` (unqualified); `-[Module.Class method]` becomes
    /// `Module.Class/method` (qualified, exactly the canonical ID).
    static func reference(fromPrinted printed: Substring) -> TestReference? {
        if printed.hasPrefix("-["), printed.hasSuffix("]") {
            let inner = printed.dropFirst(2).dropLast()
            guard let space = inner.firstIndex(of: " ") else { return nil }
            let name = "\(inner[..<space])/\(inner[inner.index(after: space)...])"
            return TestReference(framework: .xctest, name: name, isQualified: true)
        }
        guard let dot = printed.lastIndex(of: "."), dot != printed.startIndex else { return nil }
        let method = printed[printed.index(after: dot)...]
        guard !method.isEmpty, !method.contains(" ") else { return nil }
        return TestReference(framework: .xctest, name: "\(printed[..<dot])/\(method)", isQualified: false)
    }
}
