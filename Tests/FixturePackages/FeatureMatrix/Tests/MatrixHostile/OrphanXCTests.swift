import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

// (h) Starts /bin/sleep 5 with posix_spawn and does not wait for it: the orphan keeps the output pipe
// open after the test process ends. Passes.
final class OrphanXCTests: XCTestCase {
    func testLeavesAnOrphan() {
        var pid = pid_t()
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("5"), nil]
        defer { argv.forEach { free($0) } }
        let result = posix_spawn(&pid, "/bin/sleep", nil, nil, argv, environ)
        XCTAssertEqual(result, 0, "posix_spawn /bin/sleep")
    }
}
