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
        if line.utf8HasPrefix(casePrefix) { return classifyTestCase(line) }
        if line.utf8HasPrefix("Test Suite '") {
            let isRoot = line.utf8HasPrefix("Test Suite 'All tests' ") || line.utf8HasPrefix("Test Suite 'Selected tests' ")
            return isRoot && !line.utf8Contains("' started at ") ? .runFinished : .structural
        }
        if line.utf8HasPrefix("\t Executed ") || line.utf8HasPrefix("     Executed ") { return .structural }
        if let errorMarker = line.utf8Range(of: ": error: ") {
            return classifyFailure(line, errorMarker: errorMarker)
        }
        if line.utf8Contains(" : Test skipped") { return .skipNote }
        return nil
    }

    private static func classifyTestCase(_ line: String) -> Line? {
        let body = line[line.utf8.index(line.startIndex, offsetBy: casePrefix.utf8.count)...]
        if let marker = body.utf8Range(of: "' started", backwards: true) {
            guard let reference = reference(fromPrinted: body[..<marker.lowerBound]) else { return nil }
            return .started(reference)
        }
        for status in [FinishStatus.passed, .failed, .skipped] {
            guard let marker = body.utf8Range(of: "' \(status.rawValue) (", backwards: true) else { continue }
            guard let reference = reference(fromPrinted: body[..<marker.lowerBound]) else { return nil }
            let afterMarker = body[marker.upperBound...]
            let end = afterMarker.utf8.firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ")") } ?? afterMarker.endIndex
            return .finished(reference, status, duration: Double(afterMarker[..<end]))
        }
        return nil  // e.g. performance `measured [...]` lines
    }

    private static func classifyFailure(_ line: String, errorMarker: Range<String.Index>) -> Line? {
        let location = line[..<errorMarker.lowerBound]
        guard let colon = location.utf8.lastIndex(of: UInt8(ascii: ":")) else { return nil }
        let lineNumber = location.utf8[location.utf8.index(after: colon)...]
        guard !lineNumber.isEmpty, lineNumber.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        let rest = line[errorMarker.upperBound...]
        guard let separator = rest.utf8Range(of: " : ") else { return nil }
        guard let reference = reference(fromPrinted: rest[..<separator.lowerBound]) else { return nil }
        let message = String(rest[separator.upperBound...])
        return .failure(reference, FailureRecord(message: message, location: String(location)))
    }

    /// `Class.method` becomes `Class/method` (unqualified); `-[Module.Class method]` becomes
    /// `Module.Class/method` (qualified, exactly the canonical ID).
    static func reference(fromPrinted printed: Substring) -> TestReference? {
        let utf8 = printed.utf8
        if printed.utf8HasPrefix("-["), utf8.last == UInt8(ascii: "]") {
            let inner = printed[utf8.index(printed.startIndex, offsetBy: 2)..<utf8.index(before: printed.endIndex)]
            guard let space = inner.utf8.firstIndex(of: UInt8(ascii: " ")) else { return nil }
            let name = "\(inner[..<space])/\(inner[inner.utf8.index(after: space)...])"
            return TestReference(framework: .xctest, name: name, isQualified: true)
        }
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != printed.startIndex else { return nil }
        let method = printed[utf8.index(after: dot)...]
        guard !method.isEmpty, !method.utf8.contains(UInt8(ascii: " ")) else { return nil }
        return TestReference(framework: .xctest, name: "\(printed[..<dot])/\(method)", isQualified: false)
    }
}
