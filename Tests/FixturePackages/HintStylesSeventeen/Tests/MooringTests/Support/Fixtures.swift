import Foundation
import MooringModel

enum Fixtures {
    static let berthC14 = Berth(id: "C-14", pontoon: "C", maxLengthMetres: 12)
    static let berthA02 = Berth(id: "A-02", pontoon: "A", maxLengthMetres: 9, hasShorePower: false)

    static let seabird = BoatProfile(name: "Seabird", lengthMetres: 10.4, ownerEmail: "skipper@seabird.example")
    static let kittiwake = BoatProfile(name: "Kittiwake", lengthMetres: 8.2, ownerEmail: "jo@kittiwake.example")

    static let harwickAlmanac: [String: [String]] = [
        "Harwick": ["0412 H 4.6", "1031 L 0.9", "1644 H 4.4", "2255 L 1.1"],
        "Saltmere": ["0520 H 3.1", "1150 L 0.4"],
    ]

    static func gale(validFor: Duration = .seconds(6 * 3600)) -> WeatherWarning {
        WeatherWarning(
            id: "gale-0417",
            level: .gale,
            text: "Southwest gale force 8 expected later. Double up your lines.",
            validFor: validFor
        )
    }
}
