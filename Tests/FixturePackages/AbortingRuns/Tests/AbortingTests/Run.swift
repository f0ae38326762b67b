import Foundation

/// The run number the capture script sets (`ABORTING_RUN`); runs 4, 8 and 12 abort.
enum Run {
    static var number: Int { Int(ProcessInfo.processInfo.environment["ABORTING_RUN"] ?? "") ?? 1 }
    static var aborts: Bool { number % 4 == 0 }
}
