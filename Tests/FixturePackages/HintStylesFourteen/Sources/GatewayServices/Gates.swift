import Foundation
import GatewayModel

/// The airport's gate allocation for the day.
public actor StaticGateDirectory: GateDirectory {
    private var gates: [FlightNumber: String]

    public init(_ gates: [FlightNumber: String] = [:]) {
        self.gates = gates
    }

    public func currentGate(for flight: FlightNumber) -> String {
        gates[flight] ?? "TBA"
    }

    /// Returns the previous gate.
    @discardableResult
    public func reassign(_ flight: FlightNumber, to gate: String) -> String {
        let previous = gates[flight] ?? "TBA"
        gates[flight] = gate
        return previous
    }
}

/// Broadcasts gate changes to every screen and app session that subscribed.
public final class GateAnnouncer: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [UUID: AsyncStream<GateChange>.Continuation] = [:]
    private var history: [GateChange] = []

    public init() {}

    public func changes() -> AsyncStream<GateChange> {
        let (stream, continuation) = AsyncStream<GateChange>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        lock.lock()
        continuations[id] = continuation
        lock.unlock()
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.lock.lock()
            self.continuations[id] = nil
            self.lock.unlock()
        }
        return stream
    }

    public func announce(_ change: GateChange) {
        lock.lock()
        history.append(change)
        let targets = Array(continuations.values)
        lock.unlock()
        for continuation in targets {
            continuation.yield(change)
        }
    }

    public var announced: [GateChange] {
        lock.lock(); defer { lock.unlock() }
        return history
    }

    public func finishAll() {
        lock.lock()
        let targets = Array(continuations.values)
        continuations.removeAll()
        lock.unlock()
        targets.forEach { $0.finish() }
    }
}

/// Ops-side gate management: moves a flight and tells everyone.
public struct GateOperations: Sendable {
    private let directory: StaticGateDirectory
    private let announcer: GateAnnouncer

    public init(directory: StaticGateDirectory, announcer: GateAnnouncer) {
        self.directory = directory
        self.announcer = announcer
    }

    /// Called from the ops console button handler; the console does not wait.
    public func reassign(_ flight: FlightNumber, to gate: String) {
        let directory = self.directory
        let announcer = self.announcer
        Task {
            let previous = await directory.reassign(flight, to: gate)
            announcer.announce(GateChange(flight: flight, fromGate: previous, toGate: gate))
        }
    }
}

/// Renders the PA text for a gate change in the language of the current context.
public struct GateAnnouncementFormatter: Sendable {
    public init() {}

    public func announcement(for change: GateChange) -> String {
        switch CheckInContext.language {
        case .english:
            return "Flight \(change.flight) now departs from gate \(change.toGate)."
        case .french:
            return "Le vol \(change.flight) part désormais de la porte \(change.toGate)."
        case .german:
            return "Flug \(change.flight) startet jetzt von Gate \(change.toGate)."
        }
    }

    public func announcements(for changes: [GateChange]) -> [String] {
        changes.map(announcement(for:))
    }
}
