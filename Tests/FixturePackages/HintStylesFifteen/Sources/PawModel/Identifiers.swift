import Foundation

/// A string-backed identifier used throughout the clinic's records.
public protocol ClinicIdentifier: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    var rawValue: String { get }
    init(_ rawValue: String)
}

extension ClinicIdentifier {
    public var description: String { rawValue }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// A fresh identifier such as `APT-1F3A9C0B`.
    public static func random(prefix: String) -> Self {
        Self("\(prefix)-\(UUID().uuidString.prefix(8))")
    }
}

public struct PetID: ClinicIdentifier {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

public struct OwnerID: ClinicIdentifier {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

public struct AppointmentID: ClinicIdentifier {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

public struct LabOrderID: ClinicIdentifier {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

public struct PrescriptionID: ClinicIdentifier {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

public struct RefillRequestID: ClinicIdentifier {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
}
