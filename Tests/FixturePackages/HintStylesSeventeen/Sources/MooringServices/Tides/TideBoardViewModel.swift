import Foundation
import MooringModel

/// The tide board on the harbour office wall.
@MainActor
public final class TideBoardViewModel {
    public private(set) var rows: [String] = []
    public private(set) var isLoading = false

    private let source: any TideSource
    private let port: String

    public init(source: any TideSource, port: String) {
        self.source = source
        self.port = port
    }

    public func refresh() {
        isLoading = true
        Task {
            let table = await source.table(for: port)
            self.rows = table?.entries.map(Self.row) ?? []
            self.isLoading = false
        }
    }

    static func row(_ entry: TideEntry) -> String {
        let label = entry.kind == .high ? "HW" : "LW"
        return "\(label) \(entry.clockTime) " + String(format: "%.1fm", entry.heightMetres)
    }
}
