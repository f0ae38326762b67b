import Foundation
import PawModel

public enum LabMessageError: Error, Equatable {
    case malformedHeader
    case unknownPanel(String)
    case malformedMeasurement(String)
}

/// Parses the reference lab's pipe-delimited result lines:
/// `ORDER|PET|panel|NAME=value:low-high:unit;NAME=value:low-high:unit`
public struct LabMessageParser: Sendable {
    public init() {}

    public func parse(_ raw: String, receivedAt: Date) throws -> LabResult {
        let fields = raw.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4, !fields[0].isEmpty, !fields[1].isEmpty else {
            throw LabMessageError.malformedHeader
        }
        guard let panel = LabPanel(rawValue: fields[2]) else {
            throw LabMessageError.unknownPanel(fields[2])
        }
        let measurements = try fields[3].split(separator: ";").map { try measurement(String($0)) }
        return LabResult(
            orderID: LabOrderID(fields[0]),
            petID: PetID(fields[1]),
            panel: panel,
            measurements: measurements,
            receivedAt: receivedAt
        )
    }

    private func measurement(_ token: String) throws -> LabMeasurement {
        let nameAndRest = token.split(separator: "=", maxSplits: 1).map(String.init)
        guard nameAndRest.count == 2 else { throw LabMessageError.malformedMeasurement(token) }
        let parts = nameAndRest[1].split(separator: ":").map(String.init)
        guard parts.count == 3,
              let value = Double(parts[0]) else { throw LabMessageError.malformedMeasurement(token) }
        let bounds = parts[1].split(separator: "-").compactMap { Double($0) }
        guard bounds.count == 2 else { throw LabMessageError.malformedMeasurement(token) }
        return LabMeasurement(name: nameAndRest[0], value: value, unit: parts[2], referenceLow: bounds[0], referenceHigh: bounds[1])
    }
}
