import FlakeCheckSupport
import Foundation

/// Dispatch's blocking waits in test code, for `HintDetector`: `group.wait()` on a `DispatchGroup` the code
/// leaves (or a semaphore it signals) waits for that signal, like an expectation; a semaphore nobody in the
/// code signals (`DispatchSemaphore(value: 0).wait(timeout: .now() + 0.2)`) only passes time, like a sleep.
extension HintDetector {
    /// Where the code waits on a group or semaphore that the same code leaves or signals.
    static func dispatchSignalWaitPositions(in code: String) -> [String.Index] {
        guard code.contains(anyOf: [".wait("]) else { return [] }
        return dispatchWaitPattern.matches(in: code).compactMap { match in
            guard let name = match.groups[0] else { return nil }
            return code.contains(anyOf: ["\(name).leave()", "\(name).signal()"]) ? match.range.lowerBound : nil
        }
    }

    /// Where the code waits on a semaphore that nothing in it signals: a delay.
    static func dispatchDelayPositions(in code: String) -> [String.Index] {
        guard code.contains(anyOf: ["DispatchSemaphore"]) else { return [] }
        let inline: [String.Index] = inlineSemaphoreWaitPattern.matches(in: code).map(\.range.lowerBound)
        let names: [String] = storedSemaphorePattern.matches(in: code).compactMap { $0.groups[0].map(String.init) }
        let unsignalled = Set(names.filter { !code.contains("\($0).signal()") })
        let stored: [String.Index] = dispatchWaitPattern.matches(in: code).compactMap { match in
            guard let name = match.groups[0], unsignalled.contains(String(name)) else { return nil }
            return match.range.lowerBound
        }
        return inline + stored
    }

    /// `name.wait(` (a group's or semaphore's, with or without a timeout).
    private static let dispatchWaitPattern = SourcePattern(#"\b([A-Za-z_][A-Za-z0-9_]*)\s*\.\s*wait\s*\("#)
    /// `DispatchSemaphore(value: 0).wait(`: a semaphore no one else can see.
    private static let inlineSemaphoreWaitPattern = SourcePattern(#"DispatchSemaphore\s*\([^()]*\)\s*\.\s*wait\s*\("#)
    /// `let name = DispatchSemaphore(`.
    private static let storedSemaphorePattern = SourcePattern(
        #"\b(?:let|var)\s+([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*DispatchSemaphore\s*)?=\s*DispatchSemaphore\s*\("#)
}
