import FlakeCheckRunner

/// `--min-pass-rate`, `--confidence`, `--target-failure-rate`: how the gate's options are spelled, each
/// bound to the field of `GateOptions` that holds it.
extension GateOptions: OptionGroup {
    static let minPassRateOption = OptionField<Self>(
        Option<Double>.number(
            "--min-pass-rate", value: "R", help: "Exit 1 when a test's pass rate is below R (0 to 1)", range: 0...1,
            takes: "a pass rate from 0 to 1"),
        \.minPassRate)
    static let confidenceOption = OptionField<Self>(
        Option<Double>.number(
            "--confidence", value: "C", help: "Confidence level of the intervals", range: 0.5...0.9999,
            takes: "a confidence level from 0.5 to 0.9999"),
        \.confidence)
    static let targetFailureRateOption = OptionField<Self>(
        Option<Double>.number(
            "--target-failure-rate", value: "P", help: "Failure rate the report says how many clean runs would prove",
            range: 0.000001...0.5, takes: "a failure rate from 0.000001 to 0.5"),
        \.targetFailureRate)
    package static let fields = [minPassRateOption, confidenceOption, targetFailureRateOption]
}
