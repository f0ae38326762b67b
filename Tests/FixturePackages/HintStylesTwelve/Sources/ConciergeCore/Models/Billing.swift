import Foundation

public enum ChargeCategory: String, Sendable, Equatable {
    case roomNight
    case minibar
    case roomService
    case lateCheckout
    case parking
}

public struct Charge: Sendable, Equatable, Identifiable {
    public let id: UUID
    public let room: RoomNumber
    public let description: String
    public let amountCents: Int
    public let category: ChargeCategory

    public init(id: UUID = UUID(), room: RoomNumber, description: String, amountCents: Int, category: ChargeCategory) {
        self.id = id
        self.room = room
        self.description = description
        self.amountCents = amountCents
        self.category = category
    }
}

public struct Folio: Sendable, Equatable {
    public let room: RoomNumber
    public let guestName: String
    public var charges: [Charge]

    public init(room: RoomNumber, guestName: String, charges: [Charge]) {
        self.room = room
        self.guestName = guestName
        self.charges = charges
    }

    public var subtotalCents: Int { charges.reduce(0) { $0 + $1.amountCents } }
}

public struct MinibarItem: Sendable, Hashable {
    public let sku: String
    public let name: String
    public let priceCents: Int

    public init(sku: String, name: String, priceCents: Int) {
        self.sku = sku
        self.name = name
        self.priceCents = priceCents
    }

    public static let sparklingWater = MinibarItem(sku: "water-sparkling", name: "Sparkling Water", priceCents: 850)
    public static let trailMix = MinibarItem(sku: "snack-trailmix", name: "Trail Mix", priceCents: 600)
    public static let localIPA = MinibarItem(sku: "beer-ipa", name: "Local IPA", priceCents: 1200)
    public static let champagneSplit = MinibarItem(sku: "wine-champagne-187", name: "Champagne Split", priceCents: 2400)
}

/// Which item sits in which weight-sensor slot of the in-room minibar.
public struct MinibarCatalog: Sendable {
    public let slots: [Int: MinibarItem]

    public init(slots: [Int: MinibarItem]) {
        self.slots = slots
    }

    public func item(inSlot slot: Int) -> MinibarItem? {
        slots[slot]
    }

    public static let standard = MinibarCatalog(slots: [
        1: .sparklingWater,
        2: .sparklingWater,
        3: .trailMix,
        4: .localIPA,
        5: .champagneSplit,
    ])
}
