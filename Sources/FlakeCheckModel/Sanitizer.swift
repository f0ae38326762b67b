/// `--sanitize thread`: the sanitizer the tests are built and run with (`Sanitizer+Build` says how).
public enum Sanitizer: String, Codable, Sendable, CaseIterable {
    case thread
}
