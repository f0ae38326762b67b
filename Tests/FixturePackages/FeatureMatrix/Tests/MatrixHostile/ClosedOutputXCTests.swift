import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

// (d) Closes its stdout and stderr and returns normally. XCTest then writes this test's result, every
// later test's lines and the end-of-run summary into nothing: the reader sees this test start, then
// end-of-file, then the process exiting normally (status 0, or 1 if a later test failed unseen) with no
// result and no summary. That is a test whose process died while it ran: crashed. The later tests of
// the process did run, unseen; for whoever reads the output they never started.
//
// Right after closing, fds 1 and 2 are taken by /dev/null, so that no later open() in this process (a
// later test's counter file) becomes its stdout: for the reader that is the same as closed.
final class ClosedOutputXCTests: XCTestCase {
    func testClosesOutputAndReturns() {
        close(1)
        close(2)
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 {
            if null != 1 { dup2(null, 1) }
            if null != 2 { dup2(null, 2) }
            if null > 2 { close(null) }
        }
    }
}
