import Foundation

/// DRM licence that allows an offline track to be decrypted until `expiresAt`.
public struct LicenseToken: Sendable, Equatable, Codable {
    public let trackID: TrackID
    public var issuedAt: Date
    public var expiresAt: Date
    public var renewalCount: Int
    public var region: String

    public init(trackID: TrackID, issuedAt: Date, expiresAt: Date, renewalCount: Int = 0, region: String = "US") {
        self.trackID = trackID
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.renewalCount = renewalCount
        self.region = region
    }

    public func isValid(at date: Date) -> Bool {
        date < expiresAt
    }
}

/// What the licence server answers to a renewal request.
public struct LicenseGrant: Sendable, Equatable {
    public var validFor: TimeInterval
    public var region: String

    public init(validFor: TimeInterval, region: String) {
        self.validFor = validFor
        self.region = region
    }
}
