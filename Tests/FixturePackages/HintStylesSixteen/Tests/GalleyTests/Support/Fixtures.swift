import GalleyModel
import GalleyServices

/// Sample orders and tickets shared by the tests.
enum Fixtures {
    static let menu = MenuCatalog.house

    static func dish(_ name: String) -> Dish {
        guard let dish = menu.dish(named: name) else {
            preconditionFailure("no dish called \(name) on the house menu")
        }
        return dish
    }

    /// Table 4: two burgers, onion rings, a crème brûlée.
    static let tableFour = Order(
        id: "t4-0012",
        source: .table(4),
        lines: [
            OrderLine(dish: dish("smash burger"), quantity: 2, notes: "one no pickles"),
            OrderLine(dish: dish("onion rings")),
            OrderLine(dish: dish("creme brulee")),
        ]
    )

    /// A delivery-app order: fries and calamari.
    static let courierOrder = Order(
        id: "dash-5521",
        source: .delivery(app: "DashPlate", reference: "DP-5521"),
        lines: [
            OrderLine(dish: dish("fries"), quantity: 2),
            OrderLine(dish: dish("calamari")),
        ]
    )

    static func ticket(_ number: Int, _ station: Station, order: String = "t4-0012") -> Ticket {
        Ticket(number: number, orderID: order, station: station, lines: [])
    }

    static func receipt(for order: Order) -> Receipt {
        ReceiptFormatter().makeReceipt(for: order)
    }
}
