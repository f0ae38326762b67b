import GalleyModel

/// The house menu. Kept in code so the kitchen display works offline.
public struct MenuCatalog: Sendable {
    public let dishes: [Dish]

    public init(dishes: [Dish]) {
        self.dishes = dishes
    }

    public func dish(named name: String) -> Dish? {
        dishes.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    public static let house = MenuCatalog(dishes: [
        Dish(name: "smash burger", station: .grill, priceCents: 1450, cookSeconds: 360),
        Dish(name: "ribeye", station: .grill, priceCents: 3800, cookSeconds: 600),
        Dish(name: "onion rings", station: .grill, priceCents: 650, cookSeconds: 240),
        Dish(name: "fries", station: .fry, priceCents: 500, cookSeconds: 210),
        Dish(name: "calamari", station: .fry, priceCents: 1200, cookSeconds: 90),
        Dish(name: "pain au chocolat", station: .pastry, priceCents: 450, cookSeconds: 900),
        Dish(name: "creme brulee", station: .pastry, priceCents: 900, cookSeconds: 120),
        Dish(name: "caesar salad", station: .cold, priceCents: 1100, cookSeconds: 0),
    ])
}
