import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Child processes that misbehave on purpose; only run when selected by name (flakecheck's
// HostileChildrenEndToEndTests). None may hang flakecheck, lose its report, or be counted as a pass it was not.
final class HostileXCTests: XCTestCase {
    /// Writes all of `text` to fd 1 unbuffered, so it reaches the pipe even if the process dies next.
    private func writeRaw(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if written <= 0 { if errno == EINTR { continue } else { return } }
            bytes = bytes.dropFirst(written)
        }
    }

    // 100 MB on stdout: flakecheck must drain it as it streams and still parse the result (passed).
    func testFloodsStdout() {
        let line = String(repeating: "x", count: 99) + "\n"
        let chunk = String(repeating: line, count: 10_000)  // 1 MB
        for _ in 0..<100 { writeRaw(chunk) }
    }

    // Closes its output and keeps running: XCTest can no longer print the result, so it is not a pass.
    func testClosesStdoutAndKeepsRunning() {
        close(1)
        close(2)
        Thread.sleep(forTimeInterval: 1)
    }

    // Leaves a grandchild holding the pipe: flakecheck must end after its grace period, counting a pass.
    func testGrandchildHoldsPipe() {
        var pid = pid_t()
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("30"), nil]
        defer { argv.forEach { free($0) } }
        let result = posix_spawn(&pid, "/bin/sleep", nil, nil, argv, environ)
        XCTAssertEqual(result, 0, "posix_spawn /bin/sleep")
    }

    // SIGKILL cannot be caught: crashed.
    func testKillsItselfWithSIGKILL() {
        kill(getpid(), SIGKILL)
        Thread.sleep(forTimeInterval: 10)
    }

    // exit(0) in the middle of a test: status 0 but no result and no summary, so crashed, not passed.
    func testExitsZeroSilently() {
        exit(0)
    }

    // Prints a fake success for itself and a fake end-of-run summary, then crashes: crashed. (Not
    // `raise(SIGSEGV)`: the Swift runtime's backtracer handles a raised SIGSEGV and the process goes on.)
    func testFakeSummaryAfterCrash() {
        writeRaw("Test Case 'HostileXCTests.testFakeSummaryAfterCrash' passed (0.001 seconds)\n")
        writeRaw("Test Suite 'HostileXCTests' passed at 2025-01-01 00:00:00.000\n")
        writeRaw("\t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds\n")
        writeRaw("Test Suite 'All tests' passed at 2025-01-01 00:00:00.000\n")
        writeRaw("\t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds\n")
        fatalError("deliberate crash after a fake summary")
    }

    // Prints without a trailing newline, the way a progress indicator does: XCTest's own result line is
    // glued onto the print (`50%\rdoneTest Case '…' passed …`). A pass, not a crash.
    func testPrintsWithoutTrailingNewline() {
        print("progress 50%\r", terminator: "")
        print("done", terminator: "")
    }
}

// A hang that keeps printing: a line every 10 ms for up to 5 minutes. flakecheck must still kill it at
// --timeout (the read loop once skipped the deadline after every successful read).
final class ChattyHangXCTests: XCTestCase {
    func testPrintsWhileHanging() {
        for tick in 0..<30_000 {
            _ = "tick \(tick)\n".withCString { write(1, $0, strlen($0)) }
            usleep(10_000)
        }
    }
}
