import Foundation

public struct Bag: Hashable, Sendable, Identifiable {
    public let id: String
    public let weightKg: Double
    public let ownerID: String

    public init(id: String, weightKg: Double, ownerID: String) {
        self.id = id
        self.weightKg = weightKg
        self.ownerID = ownerID
    }

    public var isOverweight: Bool { weightKg > 23 }
}

public struct BagTag: Hashable, Sendable {
    public let bagID: String
    public let tagNumber: String
    public let destination: String
    public let traceID: String?

    public init(bagID: String, tagNumber: String, destination: String, traceID: String? = nil) {
        self.bagID = bagID
        self.tagNumber = tagNumber
        self.destination = destination
        self.traceID = traceID
    }
}
