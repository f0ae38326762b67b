import Foundation

public enum AppointmentStatus: String, Sendable, CaseIterable {
    case scheduled, checkedIn, completed, cancelled, noShow
}

extension AppointmentStatus {
    /// The front-desk workflow only moves forward.
    public func canTransition(to next: AppointmentStatus) -> Bool {
        switch (self, next) {
        case (.scheduled, .checkedIn), (.scheduled, .cancelled), (.scheduled, .noShow),
             (.checkedIn, .completed):
            return true
        default:
            return false
        }
    }

    public var isOpen: Bool { self == .scheduled || self == .checkedIn }
}

public struct Appointment: Hashable, Sendable, Identifiable {
    public let id: AppointmentID
    public var petID: PetID
    public var vetName: String
    public var start: Date
    public var duration: TimeInterval
    public var reason: String
    public var status: AppointmentStatus
    public var branchID: String

    public init(
        id: AppointmentID,
        petID: PetID,
        vetName: String,
        start: Date,
        duration: TimeInterval,
        reason: String,
        status: AppointmentStatus = .scheduled,
        branchID: String
    ) {
        self.id = id
        self.petID = petID
        self.vetName = vetName
        self.start = start
        self.duration = duration
        self.reason = reason
        self.status = status
        self.branchID = branchID
    }

    public var end: Date { start.addingTimeInterval(duration) }

    public func overlaps(_ other: Appointment) -> Bool {
        start < other.end && other.start < end
    }
}
