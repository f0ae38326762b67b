
/// One line of Swift Testing's event stream, decoded into the fields flakecheck reads, as swift-testing's
/// own `ABI.EncodedRecord` / `EncodedEvent` / `EncodedTest` / `EncodedIssue` define them (ABI/JSON.md).
/// Fields the ABI adds later are ignored; every field is optional where some version leaves it out, so a
/// record is judged by what it says, not by its shape.
struct EventStreamRecord: Decodable {
    /// `0` (an integer) before 6.3, `"6.3.0"`, `"6.4"` … (a string) since.
    package enum Version: Decodable, Equatable {
        case number(String)

        package init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .number(text)
            } else {
                self = .number(String(try container.decode(Int.self)))
            }
        }

        package var text: String {
            switch self {
            case .number(let text): text
            }
        }
    }

    package struct SourceLocation: Decodable {
        package var fileID: String?
        package var filePath: String?
        /// Version 0 spells the path `_filePath`.
        var legacyFilePath: String?
        package var line: Int?
        package var column: Int?

        package enum CodingKeys: String, CodingKey {
            case fileID, filePath, line, column
            case legacyFilePath = "_filePath"
        }

        package var path: String? { filePath ?? legacyFilePath }
    }

    struct Message: Decodable {
        package var symbol: String?
        package var text: String?
    }

    package struct Issue: Decodable {
        package var isKnown: Bool?
        /// 6.3+: `false` for a warning.
        package var isFailure: Bool?
        /// 6.3+: `"error"` or `"warning"`.
        package var severity: String?
        package var sourceLocation: SourceLocation?
    }

    struct Instant: Decodable {
        package var absolute: Double?
    }

    /// The experimental `_testCase` (version 0 includes it): which argument set of a parameterized test.
    struct TestCase: Decodable {
        package var displayName: String?
    }

    /// A test record's or an event's payload: one type for both, since the record's `kind` says which.
    struct Payload: Decodable {
        package var kind: String?
        // Test records.
        package var id: String?
        package var name: String?
        package var displayName: String?
        package var sourceLocation: SourceLocation?
        // Events.
        package var testID: String?
        package var instant: Instant?
        package var messages: [Message]?
        package var issue: Issue?
        package var iteration: Int?
        package var testCase: TestCase?

        package enum CodingKeys: String, CodingKey {
            case kind, id, name, displayName, sourceLocation, testID, instant, messages, issue, iteration
            case testCase = "_testCase"
        }
    }

    package var kind: String
    package var version: Version?
    package var payload: Payload
}
