import Foundation

public enum VaccineKind: String, Sendable, CaseIterable {
    case rabies, distemper, parvovirus, felineLeukemia, bordetella

    /// Days between boosters, per the clinic's protocol sheet.
    public var boosterIntervalDays: Int {
        switch self {
        case .rabies, .distemper, .parvovirus, .felineLeukemia: return 365
        case .bordetella: return 180
        }
    }
}

public struct VaccinationRecord: Hashable, Sendable {
    public var petID: PetID
    public var kind: VaccineKind
    public var administeredOn: Date
    public var lotNumber: String

    public init(petID: PetID, kind: VaccineKind, administeredOn: Date, lotNumber: String) {
        self.petID = petID
        self.kind = kind
        self.administeredOn = administeredOn
        self.lotNumber = lotNumber
    }

    public var nextDue: Date {
        administeredOn.addingTimeInterval(TimeInterval(kind.boosterIntervalDays) * 86_400)
    }
}

public struct VaccinationReminder: Hashable, Sendable {
    public var petID: PetID
    public var ownerID: OwnerID
    public var kind: VaccineKind
    public var dueDate: Date
    public var channel: ContactChannel
    public var branchID: String
    public var preparedBy: String?

    public init(
        petID: PetID,
        ownerID: OwnerID,
        kind: VaccineKind,
        dueDate: Date,
        channel: ContactChannel,
        branchID: String,
        preparedBy: String? = nil
    ) {
        self.petID = petID
        self.ownerID = ownerID
        self.kind = kind
        self.dueDate = dueDate
        self.channel = channel
        self.branchID = branchID
        self.preparedBy = preparedBy
    }
}
