import Foundation
import PawModel

/// Sends the "you're booked" message without holding up the receptionist.
public final class AppointmentConfirmationSender: Sendable {
    private let notifier: any ClientNotifier
    private let directory: ClientDirectory

    public init(notifier: any ClientNotifier, directory: ClientDirectory) {
        self.notifier = notifier
        self.directory = directory
    }

    public func sendConfirmationInBackground(for appointment: Appointment) {
        Task { [notifier, directory] in
            guard let pet = await directory.pet(appointment.petID),
                  let owner = await directory.owner(of: appointment.petID) else { return }
            try? await notifier.deliver(.confirmation(for: appointment, pet: pet, owner: owner))
        }
    }
}
