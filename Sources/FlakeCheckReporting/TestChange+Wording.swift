import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport

/// Why `--changed-since` chose a test, as the status lines and reports say it.
extension TestChange {
    public var reason: String {
        switch self {
        case .new: "new"
        case .changed: "changed"
        case .calls(let function): "calls \(function), changed"
        }
    }
}
