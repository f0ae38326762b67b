
/// Escaping shared by the HTML and JUnit XML reports. Everything that comes from test output (names,
/// failure messages, locations, paths) goes through here, so a test called `<script>…</script>` is text,
/// never markup, and the XML always parses.
package enum Markup {
    /// Whether a scalar may appear in the output at all. Drops C0 controls other than tab, line feed and
    /// carriage return, DEL and the C1 controls, and the non-characters U+FFFE/U+FFFF (illegal in XML 1.0).
    /// Lone surrogates cannot occur in a Swift `String`.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00...0x1F, 0x7F...0x9F: false
        case 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    /// Text content (HTML or XML): `& < > " '` become entities, disallowed characters are removed.
    /// Because `>` is always escaped, `]]>` can never end a CDATA section or confuse a parser.
    package static func text(_ value: String) -> String {
        escape(value, inAttribute: false)
    }

    /// Text that may wrap after `.` and `/` (and before `(`), so `Module.Suite/testName()` breaks between
    /// its parts on a narrow screen instead of in the middle of a word.
    package static func breakable(_ value: String) -> String {
        text(value).replacingOccurrences(of: ".", with: ".<wbr>").replacingOccurrences(of: "/", with: "/<wbr>")
            .replacingOccurrences(of: "(", with: "<wbr>(")
    }

    /// An attribute value (always written between double quotes). Additionally encodes tab, line feed
    /// and carriage return as character references, so XML attribute normalisation keeps them.
    package static func attribute(_ value: String) -> String {
        escape(value, inAttribute: true)
    }

    private static func escape(_ value: String, inAttribute: Bool) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(value.unicodeScalars.count)
        for scalar in value.unicodeScalars where isAllowed(scalar) {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\r": result += "&#13;"
            case "\n" where inAttribute: result += "&#10;"
            case "\t" where inAttribute: result += "&#9;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A relative link to a kept log. Only characters that are safe in a URL path are kept literally;
    /// everything else (including `:`) is percent-encoded, so the result can never carry a scheme such
    /// as `javascript:` and always stays relative to the report's folder.
    static func relativeURL(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        // A leading "//" would be a network-path reference; a leading "/" leaves the folder.
        while result.hasPrefix("/") { result.removeFirst() }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
