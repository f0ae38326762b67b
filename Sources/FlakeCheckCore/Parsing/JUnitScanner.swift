import Foundation

/// Reads the test cases of one JUnit XML file, as `swift test --xunit-output`, xcbeautify, Bazel,
/// cargo-nextest, Gradle and flakecheck write them: each `<testcase>` with its outcome (a `<failure>` or
/// `<error>` child fails it, `<skipped>` skips it, none passes it), the reruns inside the run that
/// nextest and Surefire record (`<flakyFailure>`, `<rerunFailure>`), and the commit the file names in a
/// `<property>`. A scanner over the bytes rather than an XML parser: it needs only these elements, skips
/// CDATA and comments, and reads a file of a thousand test cases in a few milliseconds.
public struct JUnitScanner {
    public struct TestCase: Equatable, Sendable {
        public var id: String
        /// `classname` and `name` as the file gives them: the suite and the test.
        public var suite: String
        public var name: String
        public var outcome: TestOutcome
        public var message: String?
        /// Failed attempts before the recorded outcome within this run (`<flakyFailure>`, `<rerunFailure>`).
        public var failedAttempts: Int
    }

    public struct File: Equatable, Sendable {
        public var commit: String?
        public var testCases: [TestCase]
    }

    /// Property names that hold the commit a run tested, as CI tools write them.
    static let commitProperties: Set<String> = ["commit", "git.commit", "git_commit", "gitcommit", "revision",
                                                "vcs.revision", "sha", "commit_sha", "git.sha"]

    public static func scan(_ bytes: [UInt8]) -> File {
        bytes.withUnsafeBufferPointer(scan)
    }

    public static func scan(_ data: Data) -> File {
        data.withUnsafeBytes { scan($0.bindMemory(to: UInt8.self)) }
    }

    static func scan(_ buffer: UnsafeBufferPointer<UInt8>) -> File {
        var file = File(commit: nil, testCases: [])
        var scanner = Cursor(bytes: buffer)
        while let tag = scanner.nextTag() {
            switch tag.name {
            case "property" where file.commit == nil:
                if let name = tag.attribute("name"), commitProperties.contains(name.lowercased()),
                   let value = tag.attribute("value"), !value.isEmpty { file.commit = value }
            case "testcase":
                let name = tag.attribute("name") ?? ""
                let suite = tag.attribute("classname") ?? ""
                var testCase = TestCase(id: suite.isEmpty ? name : "\(suite)/\(name)", suite: suite, name: name,
                                        outcome: .passed, message: nil, failedAttempts: 0)
                if !tag.selfClosing { scanner.readChildren(of: &testCase) }
                file.testCases.append(testCase)
            default:
                break
            }
        }
        return file
    }

    /// A position in the file and the tags from it on.
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        struct Tag {
            var name: String
            /// In file order; a handful per tag, so a list beats a dictionary.
            var attributes: [(key: String, value: String)]
            var selfClosing: Bool
            var closing: Bool

            func attribute(_ key: String) -> String? { attributes.first { $0.key == key }?.value }
        }

        /// The next element tag (opening, closing or self-closing), past comments, CDATA and declarations.
        mutating func nextTag() -> Tag? {
            while let open = find(UInt8(ascii: "<"), from: position) {
                position = open + 1
                if starts(with: "!--") { position = find("-->", from: position).map { $0 + 3 } ?? bytes.count; continue }
                if starts(with: "![CDATA[") { position = find("]]>", from: position).map { $0 + 3 } ?? bytes.count; continue }
                if starts(with: "?") || starts(with: "!") { position = find(UInt8(ascii: ">"), from: position).map { $0 + 1 } ?? bytes.count; continue }
                return readTag()
            }
            return nil
        }

        /// After a `<testcase …>`: its outcome from the children, up to `</testcase>`.
        mutating func readChildren(of testCase: inout TestCase) {
            while let tag = nextTag() {
                if tag.closing {
                    if tag.name == "testcase" { return }
                    continue
                }
                switch tag.name {
                case "failure", "error":
                    testCase.outcome = .failed
                    if testCase.message == nil { testCase.message = tag.attribute("message") }
                case "skipped":
                    if testCase.outcome == .passed { testCase.outcome = .skipped }
                    if testCase.message == nil { testCase.message = tag.attribute("message") }
                case "flakyFailure", "flakyError", "rerunFailure", "rerunError":
                    testCase.failedAttempts += 1
                    if testCase.message == nil { testCase.message = tag.attribute("message") }
                default:
                    break
                }
            }
        }

        private mutating func readTag() -> Tag? {
            var closing = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "/") { closing = true; position += 1 }
            let nameStart = position
            while position < bytes.count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: ">"),
                  bytes[position] != UInt8(ascii: "/") { position += 1 }
            let name = string(nameStart..<position)
            var attributes: [(key: String, value: String)] = []
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: ">") { position += 1; return Tag(name: name, attributes: attributes, selfClosing: false, closing: closing) }
                if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") {
                    position += 2
                    return Tag(name: name, attributes: attributes, selfClosing: true, closing: closing)
                }
                if isSpace(byte) { position += 1; continue }
                let keyStart = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "="), !isSpace(bytes[position]),
                      bytes[position] != UInt8(ascii: ">") { position += 1 }
                let key = string(keyStart..<position)
                while position < bytes.count, isSpace(bytes[position]) || bytes[position] == UInt8(ascii: "=") { position += 1 }
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else { continue }
                let quote = bytes[position]
                let valueStart = position + 1
                let valueEnd = find(quote, from: valueStart) ?? bytes.count
                let value = string(valueStart..<valueEnd)
                // Most values have no entity: decode only those with an `&`, looked for in the value's bytes.
                let hasEntity = valueEnd > valueStart
                    && memchr(bytes.baseAddress! + valueStart, Int32(UInt8(ascii: "&")), valueEnd - valueStart) != nil
                attributes.append((key, hasEntity ? Self.decodeEntities(value) : value))
                position = valueEnd + 1
            }
            return nil
        }

        private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

        private func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range.clamped(to: 0..<bytes.count)]), as: UTF8.self)
        }

        private func starts(with text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard position + count <= bytes.count else { return false }
            return memcmp(bytes.baseAddress! + position, text.utf8Start, count) == 0
        }

        private func find(_ byte: UInt8, from start: Int) -> Int? {
            guard start < bytes.count, let found = memchr(bytes.baseAddress! + start, Int32(byte), bytes.count - start) else { return nil }
            return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        private func find(_ text: StaticString, from start: Int) -> Int? {
            var from = start
            while let candidate = find(text.utf8Start.pointee, from: from) {
                let count = text.utf8CodeUnitCount
                if candidate + count <= bytes.count, memcmp(bytes.baseAddress! + candidate, text.utf8Start, count) == 0 { return candidate }
                from = candidate + 1
            }
            return nil
        }

        /// XML's five named entities and numeric references.
        static func decodeEntities(_ text: String) -> String {
            var result = ""
            var rest = Substring(text)
            while let amp = rest.firstIndex(of: "&") {
                result += rest[..<amp]
                guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) <= 10 else {
                    result += "&"
                    rest = rest[rest.index(after: amp)...]
                    continue
                }
                let entity = rest[rest.index(after: amp)..<semicolon]
                switch entity {
                case "lt": result += "<"
                case "gt": result += ">"
                case "amp": result += "&"
                case "quot": result += "\""
                case "apos": result += "'"
                default:
                    let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16)
                        : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                    if let scalar = number.flatMap(Unicode.Scalar.init) { result.unicodeScalars.append(scalar) } else { result += "&\(entity);" }
                }
                rest = rest[rest.index(after: semicolon)...]
            }
            return result + rest
        }
    }
}
