
/// The names a package gives tasks, read from its sources (`SourceIndex.taskNames`): `await name.value`
/// then waits for that task's work wherever the task was started (`HintDetector`).
enum TaskNames {
    /// `name: Task<…>` (a property or parameter), `name: Box<Task<…>?>` or `name = Box<Task<…>?>(nil)` (a
    /// lock around one, whose `let local = name.value` is one too), `name = Task {`, `name = Task<…> {`,
    /// `name = Task.detached`, and a local bound from one (`while let current = pendingSync {`).
    static func declared(in texts: some Sequence<String>) -> Set<String> {
        var names: Set<String> = []
        var holders: Set<String> = []
        var boundFrom: [(local: String, holder: String)] = []
        for text in texts where text.contains("Task") {
            for match in typedTaskPattern.matches(in: text) {
                if let name = match.groups[0] { names.insert(String(name)) }
            }
            for match in wrappedTaskPattern.matches(in: text) {
                if let name = match.groups[0] { holders.insert(String(name)) }
            }
            for match in startedTaskPattern.matches(in: text) {
                if let name = match.groups[0] { names.insert(String(name)) }
            }
            for match in boundValuePattern.matches(in: text) {
                if let local = match.groups[0], let holder = match.groups[1] {
                    boundFrom.append((String(local), String(holder)))
                }
            }
        }
        for (local, holder) in boundFrom where holders.contains(holder) { names.insert(local) }
        var copies: [(local: String, task: String)] = []
        for text in texts where text.contains("let ") {
            for match in copiedTaskPattern.matches(in: text) {
                if let local = match.groups[0], let task = match.groups[1] { copies.append((String(local), String(task))) }
            }
        }
        // A copy of a copy is a task too: as many passes as the chain is long.
        var grew = true
        while grew {
            grew = false
            for (local, task) in copies where names.contains(task) && !names.contains(local) {
                names.insert(local)
                grew = true
            }
        }
        return names
    }

    private static let typedTaskPattern = SourcePattern(#"\b([a-z_][A-Za-z0-9_]*)\s*:\s*Task\s*<"#)
    private static let wrappedTaskPattern = SourcePattern(
        #"\b([a-z_][A-Za-z0-9_]*)\s*(?::|=)\s*[A-Z][A-Za-z0-9_]*\s*<\s*Task\s*<"#)
    private static let startedTaskPattern = SourcePattern(
        #"\b([a-z_][A-Za-z0-9_]*)\s*=\s*Task(?:\.detached)?\s*(?:<[^>{\n]*>)?\s*[({]"#)
    private static let copiedTaskPattern = SourcePattern(
        #"\blet\s+([a-z_][A-Za-z0-9_]*)\s*=\s*(?:self\.)?([a-z_][A-Za-z0-9_]*)(?=\s*(?:[,{;]|\n|$))"#)
    private static let boundValuePattern = SourcePattern(
        #"\blet\s+([a-z_][A-Za-z0-9_]*)\s*=\s*([a-z_][A-Za-z0-9_]*)\.value\b"#)
}
