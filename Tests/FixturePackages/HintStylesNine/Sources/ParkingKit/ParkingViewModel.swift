import ParkingCore

@MainActor
public final class ParkingViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded
        case failed(String)
    }

    public typealias SessionExtender = @Sendable (_ sessionID: String, _ by: Duration) async throws -> Void

    public private(set) var state: State = .idle {
        didSet { onStateChange?(state) }
    }
    public private(set) var zones: [ZoneSummary] = []
    public private(set) var selectedDetail: ZoneDetail?
    public private(set) var isExtending = false
    public private(set) var lastExtensionError: String?
    public var onStateChange: ((State) -> Void)?

    private let directory: any ZoneDirectory
    private let extendSession: SessionExtender

    public init(directory: any ZoneDirectory, extendSession: @escaping SessionExtender) {
        self.directory = directory
        self.extendSession = extendSession
    }

    /// SwiftUI `.onAppear` hook; fire and forget.
    public nonisolated func onAppear() {
        Task { @MainActor in
            await self.load()
        }
    }

    public func load() async {
        state = .loading
        do {
            zones = try await directory.summaries().sorted { $0.freeSpaces > $1.freeSpaces }
            state = .loaded
        } catch {
            zones = []
            state = .failed(String(describing: error))
        }
    }

    public func didPullToRefresh() {
        Task {
            await load()
        }
    }

    public func select(_ zone: ZoneID) {
        selectedDetail = nil
        Task {
            selectedDetail = try? await directory.detail(for: zone)
        }
    }

    public func didTapExtend(sessionID: String, by duration: Duration) {
        isExtending = true
        lastExtensionError = nil
        Task {
            defer { isExtending = false }
            do {
                try await extendSession(sessionID, duration)
            } catch {
                lastExtensionError = String(describing: error)
            }
        }
    }
}
