import FlakeCheckModel
import FlakeCheckParsing

/// Tests that print the same console name and ran at the same time in one run: two suites' `@Test func
/// sameName()` run in parallel, and Swift Testing's console names neither suite in their start and end
/// lines. Which end is whose is decided once all of them ended, from evidence only:
///
/// - an issue's location (`Suites.swift:37:9`) belongs to the candidate declared last at or before that
///   line in that file, when the catalog knows where each candidate is declared (`--package-path`);
/// - a test with an issue ended `failed`, one without ended `passed` (neither library passes a test that
///   recorded a failing issue);
/// - when every end has the same outcome, the outcome is everyone's.
///
/// Anything else is ambiguous: no test gets a result it was not shown to have.
struct SameNameGroup {
    /// One start of the name in this group, with the failures known to be its own before the group formed.
    struct Member {
        var occurrence: Int
        var identity: TestIdentity
        var failures: [FailureRecord]
        var skipReason: String?
    }

    struct End {
        var status: FinishStatus
        var duration: Double?
    }

    var members: [Member] = []
    /// Issues reported while several members were running, not yet placed.
    var issues: [FailureRecord] = []
    var ends: [End] = []

    /// Each member's result, or nil for all of them when the log cannot tell (an incident's job to say).
    func resolve() -> [TestResult]? {
        guard ends.count == members.count else { return nil }
        var own = members.map(\.failures)
        var unplaced: [FailureRecord] = []
        for issue in issues {
            if let member = owner(of: issue) { own[member].append(issue) } else { unplaced.append(issue) }
        }
        let failedEnds = ends.filter { $0.status == .failed }
        let otherEnds = ends.filter { $0.status != .failed }
        let withFailures = own.indices.filter { !own[$0].isEmpty }
        let otherStatuses = Set(otherEnds.map(\.status))
        // Every member failed: the outcome is certain even where a message's owner is not.
        if otherEnds.isEmpty {
            return members.indices.map { index in
                TestResult(
                    outcome: .failed, duration: failedEnds[index].duration,
                    failures: own[index] + (index == (withFailures.first ?? 0) ? unplaced : []),
                    skipReason: members[index].skipReason)
            }
        }
        // Failures placed on exactly the members that failed, and the others all ended alike.
        guard unplaced.isEmpty, withFailures.count == failedEnds.count, otherStatuses.count == 1,
            let otherStatus = otherStatuses.first
        else { return nil }
        var failed = failedEnds.makeIterator(), other = otherEnds.makeIterator()
        return members.indices.map { index in
            if own[index].isEmpty {
                return TestResult(
                    outcome: TestOutcome(otherStatus), duration: other.next()?.duration,
                    skipReason: members[index].skipReason)
            }
            return TestResult(
                outcome: .failed, duration: failed.next()?.duration, failures: own[index],
                skipReason: members[index].skipReason)
        }
    }

    /// The member an issue's `File.swift:line[:column]` falls in: declared in that file, last at or before
    /// that line. Nil without locations, or when no member is declared in that file.
    private func owner(of issue: FailureRecord) -> Int? {
        guard let location = issue.location else { return nil }
        let parts = location.split(separator: ":")
        guard parts.count >= 2, let line = Int(parts[1]) else { return nil }
        let file = parts[0].split(separator: "/").last.map(String.init) ?? ""
        var best: (index: Int, line: Int)?
        for (index, member) in members.enumerated() {
            guard let path = member.identity.sourcePath, let declared = member.identity.sourceLine,
                path.split(separator: "/").last.map(String.init) == file, declared <= line
            else { continue }
            if best == nil || declared > best!.line { best = (index, declared) }
        }
        // Two members declared on the same line cannot be told apart.
        if let best,
            members.enumerated().filter({
                $0.element.identity.sourceLine == best.line
                    && $0.element.identity.sourcePath == members[best.index].identity.sourcePath
            }).count > 1
        {
            return nil
        }
        return best?.index
    }
}
