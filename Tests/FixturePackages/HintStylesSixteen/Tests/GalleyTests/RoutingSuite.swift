import GalleyModel
import GalleyServices
import Testing

@Suite struct RoutingSuite {
    static let expected: [String: Station] = [
        "smash burger": .grill,
        "onion rings": .fry,
        "pain au chocolat": .pastry,
        "caesar salad": .cold,
    ]

    @Test(arguments: ["smash burger", "onion rings", "pain au chocolat", "caesar salad"])
    func routesDishToStation(dish name: String) throws {
        let dish = try #require(MenuCatalog.house.dish(named: name))

        #expect(RoutingRules.standard.station(for: dish) == Self.expected[name])
    }
}
