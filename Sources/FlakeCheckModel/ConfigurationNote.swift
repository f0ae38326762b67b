/// A caveat about how a report's numbers were measured (`configuration.notes`), by kind: Reporting words
/// it (`ConfigurationNote+Wording`). In report.json a note is its kind's name; a note of schema version 1
/// was a sentence, and is read as the kind it describes, or kept in its words.
public enum ConfigurationNote: Equatable, Codable, Sendable {
    /// In-process mode: Swift Testing tests were repeated inside one process per batch, sharing its state.
    case inProcessRepetitions
    /// `--sanitize thread` without libFlakeCheckSanitizerSupport.so: ThreadSanitizer cannot see a contended
    /// `Synchronization.Mutex`, so what it guards may be reported as a race.
    case sanitizerCannotSeeMutex
    /// Swift Testing ran several tests of a process in parallel: a test's duration is the wall time from its
    /// start to its end, and includes time it waited for a thread while the others ran.
    case parallelDurations
    /// Hints followed the tests' calls by name: the build left no compiler index to read them from (a
    /// release build, an archive, `parse`), or it could not be read.
    case hintsReadByName
    /// A note of a report of schema version 1 that names neither, in its own words.
    case worded(String)

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        switch text {
        case "inProcessRepetitions": self = .inProcessRepetitions
        case "sanitizerCannotSeeMutex": self = .sanitizerCannotSeeMutex
        case "parallelDurations": self = .parallelDurations
        case "hintsReadByName": self = .hintsReadByName
        case _ where text.hasPrefix("in-process mode:"): self = .inProcessRepetitions
        case _ where text.hasPrefix("libFlakeCheckSanitizerSupport.so is not next to flakecheck"):
            self = .sanitizerCannotSeeMutex
        default: self = .worded(text)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .inProcessRepetitions: try container.encode("inProcessRepetitions")
        case .sanitizerCannotSeeMutex: try container.encode("sanitizerCannotSeeMutex")
        case .parallelDurations: try container.encode("parallelDurations")
        case .hintsReadByName: try container.encode("hintsReadByName")
        case .worded(let text): try container.encode(text)
        }
    }
}
