import MatrixSupport
import XCTest

// (f) Writes lines holding bytes that are not UTF-8 (0xFF 0xFE, a lone 0xC3, an overlong 0xC0 0xAF, a
// truncated 4-byte sequence), each line ended by a newline, and passes.
final class InvalidUTF8XCTests: XCTestCase {
    func testWritesInvalidUTF8() {
        writeRaw(Array("bad bytes: ".utf8) + [0xFF, 0xFE] + [0x0A])
        writeRaw(Array("lone lead byte: ".utf8) + [0xC3] + [0x0A])
        writeRaw([0xC3, 0x0A])
        writeRaw(Array("overlong: ".utf8) + [0xC0, 0xAF] + Array(" truncated: ".utf8) + [0xF0, 0x9F, 0x98, 0x0A])
    }
}
