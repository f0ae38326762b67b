import FlakeCheckModel

/// Why `--changed-since` chose a test, as the status lines and reports say it.
extension TestChange {
    package var reason: String {
        switch self {
        case .new: "new"
        case .changed: "changed"
        case .calls(let function, let through?) where !through.isEmpty:
            "calls \(function) through \(through.joined(separator: " → ")), changed"
        case .calls(let function, _): "calls \(function), changed"
        }
    }
}
