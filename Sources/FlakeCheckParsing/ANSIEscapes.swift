
/// Removes terminal escape sequences (colours, cursor movement) from a line, so that parsing never
/// depends on whether the child thought it was writing to a terminal.
package enum ANSIEscapes {
    package static func strip(_ line: String) -> String {
        line.withLineBytes { bytes in
            guard bytes.contains(0x1B) else { return line }
            var output: [UInt8] = []
            strip(bytes, into: &output)
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Writes the line without its escape sequences into `output`, replacing what it held; the parser
    /// reuses one buffer for every coloured line.
    package static func strip(_ line: LineBytes, into output: inout [UInt8]) {
        output.removeAll(keepingCapacity: true)
        output.reserveCapacity(line.count)
        var bytes = line.buffer.makeIterator()
        while let byte = bytes.next() {
            guard byte == 0x1B else {
                output.append(byte)
                continue
            }
            guard let introducer = bytes.next() else { break }
            switch introducer {
            case UInt8(ascii: "["):
                // CSI: parameters and intermediates, ended by a byte in 0x40...0x7E.
                while let next = bytes.next(), !(0x40...0x7E).contains(next) {}
            case UInt8(ascii: "]"):
                // OSC: ended by BEL or ESC \.
                while let next = bytes.next() {
                    if next == 0x07 { break }
                    if next == 0x1B { _ = bytes.next(); break }
                }
            default:
                break  // Two-byte sequence such as ESC 7: drop both.
            }
        }
    }
}
