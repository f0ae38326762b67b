import FlakeCheckModel
import FlakeCheckSupport

/// A test's first failure in words: seconds first, since that is what a user waits for.
extension FirstFailure {
    package var sentence: String {
        "\(Formatting.seconds(seconds)) into the runs, in run \(run)" + (arm.map { ", under \($0)" } ?? "")
    }
}
