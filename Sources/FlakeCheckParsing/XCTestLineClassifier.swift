import FlakeCheckModel

/// Recognises the lines XCTest prints, in both the swift-corelibs-xctest (Linux) and Apple (macOS) forms:
///
///     Test Case 'Class.method' started at 2026-11-21 00:31:39.346          (Linux)
///     Test Case '-[Module.Class method]' started.                         (macOS)
///     Test Case 'Class.method' failed (0.004 seconds)                      (Linux, or `(0.004 seconds).` on macOS)
///     /path/File.swift:6: error: Class.method : XCTAssertEqual failed: ("2") is not equal to ("3") - msg
///     /path/File.swift:9: Class.method : Test skipped - why
///
/// It works on the line's bytes and decodes only the parts an event keeps.
package enum XCTestLineClassifier {
    private static let casePrefix: StaticString = "Test Case '"
    private static let endMarkers: [(FinishStatus, StaticString)] = [
        (.passed, "' passed ("), (.failed, "' failed ("), (.skipped, "' skipped ("),
    ]

    package static func classify(_ line: LineBytes, names: inout TestNameTable) -> ConsoleLine? {
        if line.hasPrefix(casePrefix) {
            return classifyTestCase(line.dropFirst(casePrefix.utf8CodeUnitCount), names: &names)
        }
        if let xcodebuild = XcodebuildLineClassifier.classify(line, names: &names) { return xcodebuild }
        if line.hasPrefix("Test Suite '") {
            let isRoot = line.hasPrefix("Test Suite 'All tests' ") || line.hasPrefix("Test Suite 'Selected tests' ")
            guard isRoot else { return .structural }
            return line.contains("' started at ") ? .runStarted(.xctest) : .runFinished(.xctest)
        }
        if line.hasPrefix("\t Executed ") || line.hasPrefix("     Executed ") {
            return line.dropFirst(line.hasPrefix("\t") ? 11 : 14).countOfTests.map { .executed($0) } ?? .structural
        }
        if let errorMarker = line.range(of: ": error: ") {
            return classifyFailure(line, errorMarker: errorMarker, names: &names)
        }
        if let marker = line.range(of: " : Test skipped") { return skipNote(line, marker: marker, names: &names) }
        return nil
    }

    private static func classifyTestCase(_ body: LineBytes, names: inout TestNameTable) -> ConsoleLine? {
        if let marker = body.lastRange(of: "' started") {
            guard let reference = reference(fromPrinted: body.prefix(marker.lowerBound), names: &names) else {
                return nil
            }
            return .started(reference, iteration: iteration(after: body.dropFirst(marker.upperBound)))
        }
        for (status, text) in endMarkers {
            guard let marker = body.lastRange(of: text) else { continue }
            guard let reference = reference(fromPrinted: body.prefix(marker.lowerBound), names: &names) else {
                return nil
            }
            let afterMarker = body.dropFirst(marker.upperBound)
            let end =
                afterMarker.buffer.firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ")") }
                ?? afterMarker.count
            return .finished(reference, status, duration: afterMarker.prefix(end).decimal)
        }
        return nil  // e.g. performance `measured [...]` lines
    }

    /// `/path/File.swift:9: Class.method : Test skipped - why` (`-[Module.Class method]` on macOS).
    private static func skipNote(_ line: LineBytes, marker: Range<Int>, names: inout TestNameTable) -> ConsoleLine {
        let subject = line.prefix(marker.lowerBound)
        // The subject follows the location's `path:line: `.
        let start = subject.range(of: ": ").map(\.upperBound) ?? 0
        guard let reference = reference(fromPrinted: subject.dropFirst(start), names: &names) else {
            return .structural
        }
        let rest = line.dropFirst(marker.upperBound)
        let reason = rest.hasPrefix(" - ") ? rest.dropFirst(3).string : nil
        return .skipped(reference, reason: reason, ends: false)
    }

    /// xcodebuild `-test-iterations N` and `-retry-tests-on-failure` print `started (Iteration 2 of 3).`
    private static func iteration(after marker: LineBytes) -> Int? {
        guard marker.hasPrefix(" (Iteration ") else { return nil }
        return marker.dropFirst(12).leadingInteger
    }

    private static func classifyFailure(_ line: LineBytes, errorMarker: Range<Int>, names: inout TestNameTable)
        -> ConsoleLine?
    {
        let location = line.prefix(errorMarker.lowerBound)
        guard let colon = location.lastIndex(of: UInt8(ascii: ":")) else { return nil }
        let lineNumber = location.dropFirst(colon + 1)
        guard !lineNumber.isEmpty, lineNumber.buffer.allSatisfy(\.isASCIIDigit) else {
            return nil
        }
        let rest = line.dropFirst(errorMarker.upperBound)
        guard let separator = rest.range(of: " : ") else { return nil }
        guard let reference = reference(fromPrinted: rest.prefix(separator.lowerBound), names: &names) else {
            return nil
        }
        let message = rest.dropFirst(separator.upperBound).string
        return .failure(reference, FailureRecord(message: message, location: location.string))
    }

    /// The reference `printed` names, decoded once per name (`TestNameTable`).
    package static func reference(fromPrinted printed: LineBytes, names: inout TestNameTable) -> TestReference? {
        names.reference(printed, form: .xctest, make: reference(fromPrinted:))
    }

    /// `Class.method` becomes `Class/method` (unqualified); `-[Module.Class method]` becomes
    /// `Module.Class/method` (qualified, exactly the canonical ID).
    package static func reference(fromPrinted printed: LineBytes) -> TestReference? {
        if printed.hasPrefix("-["), printed.last == UInt8(ascii: "]") {
            let inner = printed[2..<(printed.count - 1)]
            guard let space = inner.firstIndex(of: UInt8(ascii: " ")) else { return nil }
            let name = inner.prefix(space).string(joinedBy: UInt8(ascii: "/"), inner.dropFirst(space + 1))
            return TestReference(framework: .xctest, name: name, isQualified: true)
        }
        // The class is the part before the last dot that comes before any space: a method name made at
        // run time (Quick's `has a description. with dots`) may hold spaces and dots; a class name has neither.
        let classEnd = printed.firstIndex(of: UInt8(ascii: " ")) ?? printed.count
        guard let dot = printed.prefix(classEnd).lastIndex(of: UInt8(ascii: ".")), dot != 0 else { return nil }
        let method = printed.dropFirst(dot + 1)
        // An empty method name is Quick's example without a description (`Test Case 'QuickSpec.' …`).
        guard method.first != UInt8(ascii: " ") else { return nil }
        return TestReference(
            framework: .xctest, name: printed.prefix(dot).string(joinedBy: UInt8(ascii: "/"), method),
            isQualified: false)
    }
}
