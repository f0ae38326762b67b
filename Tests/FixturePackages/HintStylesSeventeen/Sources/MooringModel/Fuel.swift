import Foundation

public enum FuelKind: String, Sendable, Hashable {
    case diesel
    case petrol
}

public struct FuelRequest: Hashable, Sendable {
    public let boatName: String
    public let litres: Int
    public let fuel: FuelKind

    public init(boatName: String, litres: Int, fuel: FuelKind) {
        self.boatName = boatName
        self.litres = litres
        self.fuel = fuel
    }
}

public struct FuelTicket: Hashable, Sendable {
    public let number: Int
    public let request: FuelRequest

    public init(number: Int, request: FuelRequest) {
        self.number = number
        self.request = request
    }
}

public enum PumpState: Hashable, Sendable {
    case idle
    case dispensing(boat: String)
    case locked
}
