
/// One line of Swift Testing's event stream, decoded into the fields flakecheck reads, as swift-testing's
/// own `ABI.EncodedRecord` / `EncodedEvent` / `EncodedTest` / `EncodedIssue` define them (ABI/JSON.md).
/// Fields the ABI adds later are ignored; every field is optional where some version leaves it out, so a
/// record is judged by what it says, not by its shape.
struct EventStreamRecord: Decodable {
    /// `0` (an integer) before 6.3, `"6.3.0"`, `"6.4"` … (a string) since.
    enum Version: Decodable, Equatable {
        case number(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .number(text)
            } else {
                self = .number(String(try container.decode(Int.self)))
            }
        }

        var text: String {
            switch self {
            case .number(let text): text
            }
        }
    }

    struct SourceLocation: Decodable {
        var fileID: String?
        var filePath: String?
        /// Version 0 spells the path `_filePath`.
        var legacyFilePath: String?
        var line: Int?
        var column: Int?

        enum CodingKeys: String, CodingKey {
            case fileID, filePath, line, column
            case legacyFilePath = "_filePath"
        }

        var path: String? { filePath ?? legacyFilePath }
    }

    struct Message: Decodable {
        var symbol: String?
        var text: String?
    }

    struct Issue: Decodable {
        var isKnown: Bool?
        /// 6.3+: `false` for a warning.
        var isFailure: Bool?
        /// 6.3+: `"error"` or `"warning"`.
        var severity: String?
        var sourceLocation: SourceLocation?
    }

    struct Instant: Decodable {
        var absolute: Double?
    }

    /// The experimental `_testCase` (version 0 includes it): which argument set of a parameterized test.
    struct TestCase: Decodable {
        var displayName: String?
    }

    /// A test record's or an event's payload: one type for both, since the record's `kind` says which.
    struct Payload: Decodable {
        var kind: String?
        // Test records.
        var id: String?
        var name: String?
        var displayName: String?
        var sourceLocation: SourceLocation?
        // Events.
        var testID: String?
        var instant: Instant?
        var messages: [Message]?
        var issue: Issue?
        var iteration: Int?
        var testCase: TestCase?

        enum CodingKeys: String, CodingKey {
            case kind, id, name, displayName, sourceLocation, testID, instant, messages, issue, iteration
            case testCase = "_testCase"
        }
    }

    var kind: String
    var version: Version?
    var payload: Payload
}
