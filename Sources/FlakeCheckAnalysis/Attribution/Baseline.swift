import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// Known-flaky tests a team has accepted for now (`--baseline FILE`): they are still run and reported,
/// but do not trip the gate, until their entry expires. A baselined test that has become stable is
/// reported as fixed, so the entry can be removed.
package struct Baseline: Equatable, Codable, Sendable {
    package static let currentSchemaVersion = 1

    package var schemaVersion: Int
    package var entries: [Entry]

    /// What the baseline says about one test in a report (the `baseline` field of report.json).
    package typealias Status = BaselineStatus

    package struct Entry: Equatable, Codable, Sendable {
        package var id: String
        package var reason: String?
        /// `YYYY-MM-DD`; from that day on the entry trips the gate again.
        package var expires: String?

        package init(id: String, reason: String? = nil, expires: String? = nil) {
            self.id = id
            self.reason = reason
            self.expires = expires
        }
    }

    package init(entries: [Entry]) {
        schemaVersion = Self.currentSchemaVersion
        self.entries = entries
    }

    package static func load(_ path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FlakeCheckError.unreadableFile(path, reason: "no such baseline file")
        }
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw FlakeCheckError.invalidReport(
                path, reason: "not a baseline (\(error)); `flakecheck baseline --from report.json` writes one")
        }
        guard baseline.schemaVersion <= currentSchemaVersion else {
            throw FlakeCheckError.invalidReport(
                path, reason: "its schemaVersion is newer than this flakecheck understands")
        }
        for entry in baseline.entries where entry.expires.map({ Self.day($0) == nil }) ?? false {
            throw FlakeCheckError.invalidReport(
                path, reason: "entry \(entry.id) has expires '\(entry.expires!)'; use YYYY-MM-DD")
        }
        return baseline
    }

    /// A test's entry as of a report's day: why it is listed, until when, and whether that day has come
    /// (its state then follows the test's verdict: `TestSummary(facts:)`).
    package struct Listing: Equatable, Sendable {
        package var reason: String?
        package var expires: String?
        package var expired: Bool
    }

    /// Every listed test's entry, by ID, as of `today`.
    package func listings(today: Date) -> [String: Listing] {
        var listings: [String: Listing] = [:]
        for entry in entries where listings[entry.id] == nil {
            let expired = entry.expires.flatMap(Self.day).map { $0 <= today } ?? false
            listings[entry.id] = Listing(reason: entry.reason, expires: entry.expires, expired: expired)
        }
        return listings
    }

    /// A baseline of every flaky or failing test in a report.
    package static func from(_ report: FlakeReport, reason: String?, expires: String?) -> Baseline {
        let ids = Set(report.tests.filter { [.flaky, .failing].contains($0.verdict) }.map(\.id))
        return Baseline(entries: ids.sorted().map { Entry(id: $0, reason: reason, expires: expires) })
    }

    package static func day(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.date(from: text)
    }
}
