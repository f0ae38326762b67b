import Foundation
import PawModel

enum Fixtures {
    /// Monday 16 June 2025, 09:00 UTC: the clinic opens.
    static let referenceDate = Date(timeIntervalSince1970: 1_750_064_400)

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func at(hours: Double) -> Date {
        referenceDate.addingTimeInterval(hours * 3600)
    }

    // MARK: Owners and pets

    static let maya = Owner(id: "OWN-maya", name: "Maya Brennan", phone: "+1 555 0101", email: "maya@example.com", preferredChannel: .sms)
    static let theo = Owner(id: "OWN-theo", name: "Theo Adeyemi", phone: "+1 555 0144", email: "theo@example.com", preferredChannel: .email)
    static let ines = Owner(id: "OWN-ines", name: "Inés Sato", phone: "+1 555 0177", email: nil, preferredChannel: .phone)

    static let biscuit = Pet(id: "PET-biscuit", name: "Biscuit", species: .dog, ownerID: maya.id, weightKg: 24.5)
    static let pepper = Pet(id: "PET-pepper", name: "Pepper", species: .cat, ownerID: theo.id, weightKg: 4.1)
    static let clover = Pet(id: "PET-clover", name: "Clover", species: .rabbit, ownerID: ines.id, weightKg: 1.8)

    static let owners = [maya, theo, ines]
    static let pets = [biscuit, pepper, clover]

    // MARK: Pharmacy

    static let carprofen = Prescription(id: "RX-carprofen", petID: biscuit.id, drugName: "Carprofen", dosage: "75 mg BID", refillsRemaining: 3)
    static let apoquel = Prescription(id: "RX-apoquel", petID: biscuit.id, drugName: "Apoquel", dosage: "16 mg SID", refillsRemaining: 1)
    static let tramadol = Prescription(id: "RX-tramadol", petID: biscuit.id, drugName: "Tramadol", dosage: "50 mg TID", refillsRemaining: 2, isControlled: true)
    static let methimazole = Prescription(id: "RX-methimazole", petID: pepper.id, drugName: "Methimazole", dosage: "2.5 mg BID", refillsRemaining: 0)

    static func refillRequest(for prescription: Prescription) -> RefillRequest {
        RefillRequest(id: .random(prefix: "RF"), prescriptionID: prescription.id, petID: prescription.petID, requestedAt: referenceDate)
    }

    // MARK: Lab

    static let cbcMessage = "ORD-1001|PET-biscuit|cbc|WBC=11.2:6.0-17.0:10^3/uL;HCT=44:37-55:%;PLT=310:200-500:10^3/uL"

    static let cbcOrder = LabOrder(id: "ORD-1001", petID: biscuit.id, panel: .cbc, placedAt: referenceDate)
    static let chemistryOrder = LabOrder(id: "ORD-1002", petID: pepper.id, panel: .chemistry, placedAt: referenceDate)
    static let thyroidOrder = LabOrder(id: "ORD-1003", petID: pepper.id, panel: .thyroid, placedAt: referenceDate)

    static let cbcResult = LabResult(
        orderID: cbcOrder.id,
        petID: biscuit.id,
        panel: .cbc,
        measurements: [
            LabMeasurement(name: "WBC", value: 11.2, unit: "10^3/uL", referenceLow: 6.0, referenceHigh: 17.0),
            LabMeasurement(name: "HCT", value: 44, unit: "%", referenceLow: 37, referenceHigh: 55),
        ],
        receivedAt: at(hours: 3)
    )

    /// Potassium of 8.9 mmol/L: a call-the-vet-now value.
    static let criticalChemistry = LabResult(
        orderID: chemistryOrder.id,
        petID: pepper.id,
        panel: .chemistry,
        measurements: [
            LabMeasurement(name: "K", value: 8.9, unit: "mmol/L", referenceLow: 3.5, referenceHigh: 5.8),
            LabMeasurement(name: "BUN", value: 30, unit: "mg/dL", referenceLow: 16, referenceHigh: 36),
        ],
        receivedAt: at(hours: 5)
    )

    // MARK: Vaccination

    static func rabies(for pet: Pet, daysAgo: Double = 0) -> VaccinationRecord {
        VaccinationRecord(petID: pet.id, kind: .rabies, administeredOn: referenceDate.addingTimeInterval(-daysAgo * 86_400), lotNumber: "RB-2291")
    }

    // MARK: Billing

    /// Exam (exempt) plus 30 tablets of carprofen (taxable), with the 10% senior-pet discount.
    static func seniorExamInvoice(number: String = "MAI-000007", dueInDays: Double = 30) -> Invoice {
        Invoice(
            number: number,
            ownerID: maya.id,
            lineItems: [
                InvoiceLineItem(description: "Senior wellness exam", quantity: 1, unitPrice: Money(cents: 6_500), isTaxable: false),
                InvoiceLineItem(description: "Carprofen 75 mg tablet", quantity: 30, unitPrice: Money(cents: 120), isTaxable: true),
            ],
            discountPercent: 10,
            issuedOn: referenceDate,
            dueOn: referenceDate.addingTimeInterval(dueInDays * 86_400)
        )
    }
}
