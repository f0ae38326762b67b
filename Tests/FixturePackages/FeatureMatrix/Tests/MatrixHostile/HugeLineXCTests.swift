import MatrixSupport
import XCTest

// (e) Writes 2 MiB of 'x' without a newline and returns: XCTest's own pass line is glued onto the end of
// a 2 MiB line. Passes.
final class HugeLineXCTests: XCTestCase {
    func testWritesTwoMiBWithoutNewline() {
        writeRaw([UInt8](repeating: UInt8(ascii: "x"), count: 2 * 1024 * 1024))
    }
}
