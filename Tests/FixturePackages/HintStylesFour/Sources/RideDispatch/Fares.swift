public struct FareSchedule: Sendable, Equatable {
    public var baseFare: Double
    public var perKilometre: Double
    public var minimumFare: Double

    public init(baseFare: Double, perKilometre: Double, minimumFare: Double) {
        self.baseFare = baseFare
        self.perKilometre = perKilometre
        self.minimumFare = minimumFare
    }

    public static let standard = FareSchedule(baseFare: 3.0, perKilometre: 1.5, minimumFare: 6.0)
}

public struct FareCalculator: Sendable {
    public var schedule: FareSchedule

    public init(schedule: FareSchedule = .standard) {
        self.schedule = schedule
    }

    public func fare(forKilometres km: Double, surge: Double = 1.0) -> Double {
        let raw = (schedule.baseFare + km * schedule.perKilometre) * surge
        return max(raw, schedule.minimumFare)
    }
}

extension FareCalculator {
    /// Adds the flat surcharge of the ambient `RideContext.region`.
    public func regionalFare(forKilometres km: Double) -> Double {
        fare(forKilometres: km) + Self.surcharge(for: RideContext.region)
    }

    static func surcharge(for region: String) -> Double {
        switch region {
        case "airport": 7.5
        case "downtown": 2.0
        default: 0
        }
    }
}

public protocol SurgeProviding: Sendable {
    func currentMultiplier() async -> Double
}

public struct FareQuoteService: Sendable {
    private let calculator: FareCalculator
    private let surge: any SurgeProviding

    public init(calculator: FareCalculator = FareCalculator(), surge: any SurgeProviding) {
        self.calculator = calculator
        self.surge = surge
    }

    public func quote(kilometres: Double) async -> Double {
        let multiplier = await surge.currentMultiplier()
        return calculator.fare(forKilometres: kilometres, surge: multiplier)
    }
}
