import Journal
import Testing
import XCTest

/// Two tests of one suite, run in parallel by Swift Testing, each record an entry in a journal of their
/// own: they race on the journals' global, and neither one's own function is on the report's stacks.
@Suite struct JournalSuite {
    @Test func recordsOpening() async {
        let journal = Journal()
        for _ in 0..<50 { await journal.record() }
        #expect(await journal.recorded == 50)
    }

    @Test func recordsClosing() async {
        let journal = Journal()
        for _ in 0..<50 { await journal.record() }
        #expect(await journal.recorded == 50)
    }

    /// A bystander: reads a constant.
    @Test func readsTheTitle() {
        #expect(Journal.title == "journal")
    }

    /// A bystander: the same hop, then a locked count.
    @Test func recordsUnderALock() async {
        #expect(await LockedJournal().record() > 0)
    }
}

/// A bystander of the other framework.
final class ArchiveTests: XCTestCase {
    func testArchiveIsEmpty() {
        XCTAssertEqual([String]().count, 0)
    }
}
