public struct TripSummary: Sendable, Equatable, Identifiable {
    public let id: String
    public let riderName: String
    public let fare: Double

    public init(id: String, riderName: String, fare: Double) {
        self.id = id
        self.riderName = riderName
        self.fare = fare
    }
}

public protocol TripFetching: Sendable {
    func activeTrips() async throws -> [TripSummary]
}

/// Operator console board listing in-flight trips.
@MainActor
public final class TripBoardViewModel {
    public private(set) var trips: [TripSummary] = []
    public private(set) var errorMessage: String?
    public private(set) var selectedTripID: String?
    public private(set) var isAwaitingCancellationAnswer = false

    /// Held while the operator is asked to confirm cancelling a trip.
    private var cancellationAnswer: CheckedContinuation<Bool, Never>?
    private let fetcher: any TripFetching

    public init(fetcher: any TripFetching) {
        self.fetcher = fetcher
    }

    public func reload() async {
        do {
            trips = try await fetcher.activeTrips()
            errorMessage = nil
        } catch {
            trips = []
            errorMessage = "Couldn't load trips"
        }
    }

    /// Safe to call from any context, e.g. a push-notification handler.
    nonisolated public func refreshInBackground() {
        Task { await self.reload() }
    }

    public func select(tripID: String) {
        selectedTripID = trips.contains { $0.id == tripID } ? tripID : nil
    }
}

extension TripBoardViewModel {
    public func askToCancel() async -> Bool {
        isAwaitingCancellationAnswer = true
        return await withCheckedContinuation { continuation in
            cancellationAnswer = continuation
        }
    }

    public func answerCancellation(_ confirmed: Bool) {
        isAwaitingCancellationAnswer = false
        cancellationAnswer?.resume(returning: confirmed)
        cancellationAnswer = nil
    }

    public var totalFares: Double {
        trips.reduce(0) { $0 + $1.fare }
    }
}
