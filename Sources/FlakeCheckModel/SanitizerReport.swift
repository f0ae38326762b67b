/// One ThreadSanitizer report from one test process (`--sanitize thread`): what raced, the stacks of the
/// two accesses, where the memory is, and the tests whose own functions are on those stacks. It is a
/// finding of its own, never a test's failure: the test that happened to run beside a race is innocent.
public struct SanitizerReport: Equatable, Codable, Sendable {
    /// `Swift access race`, `data race`, `heap-use-after-free`, … as ThreadSanitizer names it.
    public var kind: String
    /// The `SUMMARY:` line without its prefix: the kind, the source location and the function.
    public var summary: String
    /// `global 'Racy.sharedLog : [String]' of size 8`, `heap block of size 16`, …
    public var location: String?
    public var accesses: [Access]
    /// Test IDs whose functions are on the accesses' stacks, in the order first seen.
    public var tests: [String]

    public struct Access: Equatable, Codable, Sendable {
        /// `Modifying access of Swift variable by thread T4`, `Previous read of size 8 by main thread`.
        public var description: String
        public var frames: [Frame]

        package init(description: String, frames: [Frame]) {
            self.description = description
            self.frames = frames
        }
    }

    public struct Frame: Equatable, Codable, Sendable {
        /// Demangled where it was a Swift symbol.
        public var function: String
        public var file: String?
        public var line: Int?

        package init(function: String, file: String? = nil, line: Int? = nil) {
            self.function = function
            self.file = file
            self.line = line
        }
    }

    package init(kind: String, summary: String, location: String?, accesses: [Access], tests: [String] = []) {
        self.kind = kind
        self.summary = summary
        self.location = location
        self.accesses = accesses
        self.tests = tests
    }
}
