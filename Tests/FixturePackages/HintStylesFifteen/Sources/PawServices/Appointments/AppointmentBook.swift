import Foundation
import PawModel

public enum BookingError: Error, Equatable {
    case slotTaken(vet: String)
    case unknownAppointment(AppointmentID)
    case invalidTransition(from: AppointmentStatus, to: AppointmentStatus)
}

/// The clinic's appointment book. New bookings are stamped with the branch in `ClinicContext`.
public actor AppointmentBook {
    private var appointments: [AppointmentID: Appointment] = [:]
    private var bookingOrder: [AppointmentID] = []

    public init() {}

    @discardableResult
    public func book(
        petID: PetID,
        vetName: String,
        start: Date,
        duration: TimeInterval = 30 * 60,
        reason: String
    ) throws -> Appointment {
        let candidate = Appointment(
            id: .random(prefix: "APT"),
            petID: petID,
            vetName: vetName,
            start: start,
            duration: duration,
            reason: reason,
            branchID: ClinicContext.branchID
        )
        if hasClash(candidate, ignoring: nil) {
            throw BookingError.slotTaken(vet: vetName)
        }
        appointments[candidate.id] = candidate
        bookingOrder.append(candidate.id)
        return candidate
    }

    public func reschedule(_ id: AppointmentID, to newStart: Date) throws -> Appointment {
        guard var appointment = appointments[id] else { throw BookingError.unknownAppointment(id) }
        appointment.start = newStart
        if hasClash(appointment, ignoring: id) {
            throw BookingError.slotTaken(vet: appointment.vetName)
        }
        appointments[id] = appointment
        return appointment
    }

    public func checkIn(_ id: AppointmentID) throws -> Appointment {
        try transition(id, to: .checkedIn)
    }

    public func cancel(_ id: AppointmentID) throws -> Appointment {
        try transition(id, to: .cancelled)
    }

    public func appointment(_ id: AppointmentID) -> Appointment? {
        appointments[id]
    }

    public var all: [Appointment] {
        bookingOrder.compactMap { appointments[$0] }
    }

    public func appointments(on day: Date, calendar: Calendar) -> [Appointment] {
        all.filter { calendar.isDate($0.start, inSameDayAs: day) }
            .sorted { $0.start < $1.start }
    }

    private func transition(_ id: AppointmentID, to next: AppointmentStatus) throws -> Appointment {
        guard var appointment = appointments[id] else { throw BookingError.unknownAppointment(id) }
        guard appointment.status.canTransition(to: next) else {
            throw BookingError.invalidTransition(from: appointment.status, to: next)
        }
        appointment.status = next
        appointments[id] = appointment
        return appointment
    }

    private func hasClash(_ candidate: Appointment, ignoring ignored: AppointmentID?) -> Bool {
        appointments.values.contains { other in
            other.id != ignored
                && other.vetName == candidate.vetName
                && other.status.isOpen
                && other.overlaps(candidate)
        }
    }
}
