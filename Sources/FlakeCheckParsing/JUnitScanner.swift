import FlakeCheckModel
import Foundation

/// Reads the test cases of one JUnit XML file, as `swift test --xunit-output`, xcbeautify, Bazel,
/// cargo-nextest, Gradle and flakecheck write them: each `<testcase>` with its outcome (a `<failure>` or
/// `<error>` child fails it, `<skipped>` skips it, none passes it), the reruns inside the run that
/// nextest and Surefire record (`<flakyFailure>`, `<rerunFailure>`), and the commit the file names in a
/// `<property>`. A scanner over the bytes rather than an XML parser: it needs only these elements, skips
/// CDATA and comments, and reads a file of a thousand test cases in a few milliseconds.
package struct JUnitScanner {
    package struct TestCase: Equatable, Sendable {
        package var id: String
        /// `classname` and `name` as the file gives them: the suite and the test.
        package var suite: String
        package var name: String
        package var outcome: TestOutcome
        package var message: String?
        /// Failed attempts before the recorded outcome within this run (`<flakyFailure>`, `<rerunFailure>`).
        package var failedAttempts: Int
        /// The scanner's number for this test (its `classname` and `name`), the same in every file one
        /// scanner reads, so a reader of thousands of files finds the test's tally without hashing its ID;
        /// nil past the scanner's bounds (`ByteKeyTable`).
        package var number: Int? = nil
    }

    package struct File: Equatable, Sendable {
        package var commit: String?
        package var testCases: [TestCase]
        /// The file ends with its root element's closing tag: false for a file cut short (a CI job killed
        /// while writing it, an upload that stopped), whose missing test cases are unknown, not not-run.
        package var isComplete = true
    }

    /// Property names that hold the commit a run tested, as CI tools write them.
    static let commitProperties: Set<String> = [
        "commit", "git.commit", "git_commit", "gitcommit", "revision",
        "vcs.revision", "sha", "commit_sha", "git.sha",
    ]

    /// Every test case's `classname` and `name` as the files print them, each decoded once: a history of
    /// thousands of files names the same tests in each.
    private var testCaseKeys = ByteKeyTable()
    private var testCaseNames: [(id: String, suite: String, name: String)] = []
    private var keyBytes: [UInt8] = []

    package init() {}

    /// One file, with a fresh scanner.
    package static func scan(_ bytes: [UInt8]) -> File {
        var scanner = JUnitScanner()
        return scanner.read(bytes)
    }

    /// One file of many: a test keeps its `number` across the files one scanner reads.
    package mutating func read(_ bytes: [UInt8]) -> File {
        bytes.withUnsafeBufferPointer { read($0) }
    }

    package mutating func read(_ data: Data) -> File {
        data.withUnsafeBytes { read($0.bindMemory(to: UInt8.self)) }
    }

    package mutating func read(_ buffer: UnsafeBufferPointer<UInt8>) -> File {
        var file = File(commit: nil, testCases: [])
        var scanner = Cursor(bytes: buffer)
        var closedRoot = false
        while scanner.nextTag() {
            closedRoot =
                scanner.closing && (scanner.tagIs("testsuites") || scanner.tagIs("testsuite"))
                || scanner.selfClosing && (scanner.tagIs("testsuites") || scanner.tagIs("testsuite"))
            if scanner.tagIs("property") {
                guard file.commit == nil else { continue }
                if let name = scanner.attribute("name"), Self.commitProperties.contains(name.lowercased()),
                    let value = scanner.attribute("value"), !value.isEmpty
                {
                    file.commit = value
                }
            } else if scanner.tagIs("testcase") {
                let (names, number) = testCaseNames(at: scanner)
                var testCase = TestCase(
                    id: names.id, suite: names.suite, name: names.name, outcome: .passed, message: nil,
                    failedAttempts: 0, number: number)
                if !scanner.selfClosing { scanner.readChildren(of: &testCase) }
                file.testCases.append(testCase)
            }
        }
        file.isComplete = closedRoot
        return file
    }

    /// The ID `run` gives the test: `Module.Class/method`, `Module.Suite/function()`, and for a Swift
    /// Testing function outside any suite (`classname` is its module alone) `Module.function()`.
    package static func id(suite: String, name: String) -> String {
        if suite.isEmpty { return name }
        if !suite.contains("."), TestFramework.of(testName: name) == .swiftTesting { return suite + "." + name }
        return suite + "/" + name
    }

    /// The ID, suite and name of the test case whose tag `scanner` is at, found by the tag's raw
    /// `classname` and `name` bytes (a missing attribute reads as an empty one, as it decodes).
    private mutating func testCaseNames(at scanner: Cursor) -> (
        names: (id: String, suite: String, name: String), number: Int?
    ) {
        keyBytes.removeAll(keepingCapacity: true)
        scanner.appendRawAttribute("classname", to: &keyBytes)
        keyBytes.append(0)
        scanner.appendRawAttribute("name", to: &keyBytes)
        let lookup = keyBytes.withUnsafeBufferPointer { testCaseKeys.lookup($0, kind: 0) }
        if case .found(let number) = lookup { return (testCaseNames[number], number) }
        let name = scanner.attribute("name") ?? ""
        let suite = scanner.attribute("classname") ?? ""
        let names = (id: Self.id(suite: suite, name: name), suite: suite, name: name)
        guard case .missing(let hash, let slot) = lookup,
            let number = keyBytes.withUnsafeBufferPointer({ testCaseKeys.insert($0, kind: 0, hash: hash, slot: slot) })
        else {
            return (names, nil)
        }
        testCaseNames.append(names)
        return (names, number)
    }

    /// A position in the file and the tags from it on. The tag last read is kept as byte ranges, and an
    /// attribute becomes a String only when asked for: a file of a thousand test cases has thousands of
    /// tags, and making a String of every name and attribute of each was most of the reading.
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        /// The last tag's name, whether it was `</…>` or `<…/>`, and its attributes in file order (a
        /// handful per tag, so a list beats a dictionary).
        private var name = 0..<0
        private(set) var closing = false
        private(set) var selfClosing = false
        private var attributes: [(key: Range<Int>, value: Range<Int>)] = []

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        func tagIs(_ text: StaticString) -> Bool { equals(name, text) }

        /// The bytes of the last tag's attribute `key` as the file has them, appended to `bytes`.
        func appendRawAttribute(_ key: StaticString, to bytes: inout [UInt8]) {
            guard let value = attributes.first(where: { equals($0.key, key) })?.value else { return }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: self.bytes[value]))
        }

        /// The last tag's `message`, capped as a run caps a failure's message (a 50 MB message took 90 s
        /// and 950 MB to read whole).
        func message() -> String? {
            attribute("message", limit: ConsoleParser.maximumMessageBytes).map { text in
                let whole = attributes.first { equals($0.key, "message") }?.value.count ?? 0
                return whole > ConsoleParser.maximumMessageBytes ? text + " … (cut)" : text
            }
        }

        /// The value of the last tag's attribute `key`, with XML's entities decoded; at most `limit` bytes of
        /// it.
        func attribute(_ key: StaticString, limit: Int? = nil) -> String? {
            guard var value = attributes.first(where: { equals($0.key, key) })?.value else { return nil }
            if let limit, value.count > limit { value = value.lowerBound..<(value.lowerBound + limit) }
            let text = string(value)
            // Most values have no entity: decode only those with an `&`, looked for in the value's bytes.
            let hasEntity =
                !value.isEmpty
                && memchr(bytes.baseAddress! + value.lowerBound, Int32(UInt8(ascii: "&")), value.count) != nil
            return hasEntity ? Self.decodeEntities(text) : text
        }

        /// Moves to the next element tag (opening, closing or self-closing), past comments, CDATA and
        /// declarations; false at the end of the file.
        mutating func nextTag() -> Bool {
            while let open = find(UInt8(ascii: "<"), from: position) {
                position = open + 1
                if starts(with: "!--") {
                    position = find("-->", from: position).map { $0 + 3 } ?? bytes.count; continue
                }
                if starts(with: "![CDATA[") {
                    position = find("]]>", from: position).map { $0 + 3 } ?? bytes.count; continue
                }
                if starts(with: "?") || starts(with: "!") {
                    position = find(UInt8(ascii: ">"), from: position).map { $0 + 1 } ?? bytes.count; continue
                }
                return readTag()
            }
            return false
        }

        /// After a `<testcase …>`: its outcome from the children, up to `</testcase>`.
        mutating func readChildren(of testCase: inout TestCase) {
            while nextTag() {
                if closing {
                    if tagIs("testcase") { return }
                    continue
                }
                if tagIs("failure") || tagIs("error") {
                    testCase.outcome = .failed
                    if testCase.message == nil { testCase.message = message() }
                } else if tagIs("skipped") {
                    if testCase.outcome == .passed { testCase.outcome = .skipped }
                    if testCase.message == nil { testCase.message = message() }
                } else if tagIs("flakyFailure") || tagIs("flakyError") || tagIs("rerunFailure") || tagIs("rerunError") {
                    testCase.failedAttempts += 1
                    if testCase.message == nil { testCase.message = message() }
                }
            }
        }

        /// Reads the tag after a `<`; false when the file ends inside it.
        private mutating func readTag() -> Bool {
            closing = false
            selfClosing = false
            attributes.removeAll(keepingCapacity: true)
            if position < bytes.count, bytes[position] == UInt8(ascii: "/") { closing = true; position += 1 }
            let nameStart = position
            while position < bytes.count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: ">"),
                bytes[position] != UInt8(ascii: "/")
            { position += 1 }
            name = nameStart..<position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: ">") { position += 1; return true }
                if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") {
                    position += 2
                    selfClosing = true
                    return true
                }
                if isSpace(byte) { position += 1; continue }
                let keyStart = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "="), !isSpace(bytes[position]),
                    bytes[position] != UInt8(ascii: ">")
                { position += 1 }
                let key = keyStart..<position
                while position < bytes.count, isSpace(bytes[position]) || bytes[position] == UInt8(ascii: "=") {
                    position += 1
                }
                guard position < bytes.count,
                    bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
                else { continue }
                let quote = bytes[position]
                let valueStart = position + 1
                let valueEnd = find(quote, from: valueStart) ?? bytes.count
                attributes.append((key, valueStart..<valueEnd))
                position = valueEnd + 1
            }
            return false
        }

        private func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
            text.withUTF8Buffer { expected in
                expected.count == range.count
                    && (expected.isEmpty
                        || memcmp(bytes.baseAddress! + range.lowerBound, expected.baseAddress!, expected.count) == 0)
            }
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
            guard start < bytes.count, let found = memchr(bytes.baseAddress! + start, Int32(byte), bytes.count - start)
            else { return nil }
            return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        private func find(_ text: StaticString, from start: Int) -> Int? {
            var from = start
            while let candidate = find(text.utf8Start.pointee, from: from) {
                let count = text.utf8CodeUnitCount
                if candidate + count <= bytes.count, memcmp(bytes.baseAddress! + candidate, text.utf8Start, count) == 0
                {
                    return candidate
                }
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
                guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) <= 10
                else {
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
                    let number =
                        entity.hasPrefix("#x")
                        ? UInt32(entity.dropFirst(2), radix: 16)
                        : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                    if let scalar = number.flatMap(Unicode.Scalar.init) {
                        result.unicodeScalars.append(scalar)
                    } else {
                        result += "&\(entity);"
                    }
                }
                rest = rest[rest.index(after: semicolon)...]
            }
            return result + rest
        }
    }
}
