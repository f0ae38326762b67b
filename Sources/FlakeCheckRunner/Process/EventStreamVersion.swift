
/// Which event stream version to ask Swift Testing for. Version 0 (6.0 to 6.2's default) also turns off
/// warning issues for the whole run (`isWarningIssueRecordedEventEnabled`), so a test that records a
/// warning and counts its own issues (swift-property-based's `WarningTests`) fails under it while it
/// passes under `swift test`. 6.3 and later accept `6.3`, which keeps them; older toolchains get `0`.
package enum EventStreamVersion {
    /// `6.3` when `swift --version` says 6.3 or later, else `0` (also when it could not be read).
    package static func requested(toolchain: String?) -> String {
        guard let toolchain, let range = toolchain.range(of: "Swift version ") else { return "0" }
        let numbers = toolchain[range.upperBound...].prefix { $0.isNumber || $0 == "." }.split(separator: ".")
            .compactMap { Int($0) }
        guard numbers.count >= 2 else { return "0" }
        return (numbers[0], numbers[1]) >= (6, 3) ? "6.3" : "0"
    }
}
