import MatrixSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Prints other tests' XCTest lines while it runs, as a test of a log tool does: a pass for the
/// always-failing `TwinB.testSame`, a pass for the skipped `SkipXCTests.testSkipped`, and a start and a
/// pass for `SetUpFailsXCTests.testAfterFailingSetUp`. None of them is running. It passes itself.
final class PrinterXCTests: XCTestCase {
    func testPrintsOtherTestsResults() {
        writeRaw("Test Case 'TwinB.testSame' passed (0.001 seconds)\n")
        writeRaw("Test Case 'SkipXCTests.testSkipped' passed (0.001 seconds)\n")
        writeRaw("Test Case 'SetUpFailsXCTests.testAfterFailingSetUp' started at 2026-01-01 00:00:00.000\n")
        writeRaw("Test Case 'SetUpFailsXCTests.testAfterFailingSetUp' passed (0.001 seconds)\n")
    }
}

/// 2 MiB without a newline: XCTest's own pass line lands at the end of a 2 MiB line.
final class HugeLineXCTests: XCTestCase {
    func testPrintsTwoMiBWithoutNewline() {
        writeRaw([UInt8](repeating: UInt8(ascii: "x"), count: 2 << 20))
    }
}

/// Bytes that are not UTF-8, on lines of their own.
final class InvalidUTF8XCTests: XCTestCase {
    func testPrintsInvalidUTF8() {
        writeRaw([0xFF, 0xFE, 0x0A, 0x61, 0xC3, 0x0A, 0x80, 0x80, 0x0A])
    }
}

/// Leaves a child running that it never waits for.
final class OrphanXCTests: XCTestCase {
    func testLeavesAnOrphan() {
        var pid = pid_t()
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("2"), nil]
        defer { argv.forEach { free($0) } }
        XCTAssertEqual(posix_spawn(&pid, "/bin/sleep", nil, nil, argv, environ), 0)
    }
}
