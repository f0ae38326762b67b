import Foundation

/// The clock a standalone function reads, swapped by tests: the seeds' "mocking standalone functions"
/// with the global left as `nonisolated(unsafe) var` instead of behind a lock or a task local.
nonisolated(unsafe) public var currentDate: @Sendable () -> Date = { Date() }

public func isExpired(_ deadline: Date) -> Bool { currentDate() > deadline }
