import FlakeCheckModel

/// Everything one run produced: its process record, a result per test, and what the event stream
/// declared about the tests (display names, source locations).
package struct RunOutput: Sendable {
    package var record: RunRecord
    package var results: [String: TestResult]
    package var declarations: [TestDeclaration]
    /// `--sanitize thread`: what ThreadSanitizer reported in this run's processes, apart from the results.
    package var sanitizerReports: [SanitizerReport] = []
}
