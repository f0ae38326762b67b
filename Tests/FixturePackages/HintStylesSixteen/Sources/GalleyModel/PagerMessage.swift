/// A buzz sent to a server's pager.
public struct PagerMessage: Hashable, Sendable {
    public let server: String
    public let text: String
    public let tableNumber: Int?

    public init(server: String, text: String, tableNumber: Int? = nil) {
        self.server = server
        self.text = text
        self.tableNumber = tableNumber
    }
}
