/// What read a test's hint (report.json's `tests[].hintReadBy`): the compiler's index, the sources by name,
/// or the runtime recorder (`--evidence`), whose observation replaces a reading it contradicts.
public enum HintSource: String, Codable, Sendable {
    case index
    case name
    case runtime
}
