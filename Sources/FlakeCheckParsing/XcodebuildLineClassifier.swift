import FlakeCheckModel

/// Recognises what xcodebuild (Xcode 15 and later) prints around and instead of XCTest's own lines:
///
///     Test case 'CartTests.testRace()' failed on 'My Mac - App (20040)' (0.278 seconds)
///     Test case 'Checkout/pays()' passed on 'Clone 1 of iPhone 16 - App (32505)' (0.003 seconds)
///     Restarting after unexpected exit, crash, or test timeout in CartTests.testRace(); summary will include …
///     ** TEST SUCCEEDED **   ** TEST FAILED **   ** TEST EXECUTE SUCCEEDED **   ** TEST EXECUTE FAILED **
///
/// XCTest tests are `Class.method()` (no module), Swift Testing tests `Suite/function()`. These lines have
/// no start line, so a test that took the runner down is only known from the `Restarting` line: it is
/// reported as crashed. The final banner means xcodebuild got to the end of its session.
enum XcodebuildLineClassifier {
    private static let casePrefix: StaticString = "Test case '"
    private static let endMarkers: [(FinishStatus, StaticString)] = [
        (.passed, "' passed on '"), (.failed, "' failed on '"), (.skipped, "' skipped on '"),
    ]
    private static let restartPrefix: StaticString = "Restarting after unexpected exit, crash, or test timeout in "

    static func classify(_ line: LineBytes, names: inout TestNameTable) -> ConsoleLine? {
        if line.hasPrefix(casePrefix) {
            let body = line.dropFirst(casePrefix.utf8CodeUnitCount)
            for (status, marker) in endMarkers {
                guard let range = body.range(of: marker),
                    let reference = reference(body.prefix(range.lowerBound), names: &names)
                else {
                    continue
                }
                return .finished(reference, status, duration: seconds(atEndOf: body))
            }
            return nil
        }
        if line.hasPrefix(restartPrefix) {
            let rest = line.dropFirst(restartPrefix.utf8CodeUnitCount)
            guard let end = rest.range(of: ";"), let reference = reference(rest.prefix(end.lowerBound), names: &names)
            else { return nil }
            return .finished(reference, .crashed, duration: nil)
        }
        if line.hasPrefix("** TEST ") && (line.contains("SUCCEEDED **") || line.contains("FAILED **"))
            && !line.hasPrefix("** TEST BUILD ")
        {
            return .sessionFinished
        }
        if line.hasPrefix("Test suite '") { return .structural }
        return nil
    }

    /// `Class.method()` is the XCTest test `Class/method`; `Suite/function()` the Swift Testing test; an
    /// Objective-C style `-[Class method]` is read as macOS XCTest prints it.
    private static func reference(_ printed: LineBytes, names: inout TestNameTable) -> TestReference? {
        if printed.hasPrefix("-[") { return XCTestLineClassifier.reference(fromPrinted: printed, names: &names) }
        guard printed.last == UInt8(ascii: ")") else { return nil }
        if printed.contains(UInt8(ascii: "/")) {
            return names.reference(
                printed, form: .xcodebuildSwiftTesting,
                decode: {
                    TestReference(framework: .swiftTesting, name: $0.string, isQualified: false)
                })
        }
        guard printed.count > 2, printed[printed.count - 2] == UInt8(ascii: "(") else { return nil }
        return XCTestLineClassifier.reference(fromPrinted: printed.prefix(printed.count - 2), names: &names)
    }

    /// The `(0.278 seconds)` that ends the line.
    private static func seconds(atEndOf body: LineBytes) -> Double? {
        guard let open = body.lastIndex(of: UInt8(ascii: "(")) else { return nil }
        let inside = body.dropFirst(open + 1)
        guard let space = inside.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        return inside.prefix(space).decimal
    }
}
