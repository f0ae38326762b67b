import Foundation
import MooringModel

public actor WeatherWarningCenter {
    private var active: [String: WeatherWarning] = [:]
    private var expiryTasks: [String: Task<Void, Never>] = [:]
    private let clock: any MarinaClock
    private let board: any DockBoard

    public init(clock: any MarinaClock, board: any DockBoard) {
        self.clock = clock
        self.board = board
    }

    /// Fire-and-forget entry point for the Met Office feed handler.
    public nonisolated func publish(_ warning: WeatherWarning) {
        Task {
            await self.post(warning)
        }
    }

    public func post(_ warning: WeatherWarning) {
        active[warning.id] = warning
        let board = self.board
        Task {
            await board.show(warning)
        }
        expiryTasks[warning.id]?.cancel()
        expiryTasks[warning.id] = Task { [clock] in
            do {
                try await clock.sleep(for: warning.validFor)
            } catch {
                return
            }
            await self.expire(warning.id)
        }
    }

    public func cancel(warningID: String) async {
        expiryTasks[warningID]?.cancel()
        await expire(warningID)
    }

    public var activeWarnings: [WeatherWarning] {
        active.values.sorted { $0.level > $1.level }
    }

    private func expire(_ id: String) async {
        expiryTasks[id] = nil
        guard active.removeValue(forKey: id) != nil else { return }
        await board.clear(warningID: id)
    }
}


/// The LED board at the top of the main gangway.
public protocol DockBoard: Sendable {
    func show(_ warning: WeatherWarning) async
    func clear(warningID: String) async
}
