/// What Swift Testing's event stream says about a test before the run starts.
public struct TestDeclaration: Equatable, Sendable {
    public var id: String
    public var isSuite: Bool
    public var name: String
    public var displayName: String?
    public var filePath: String?
    public var line: Int?

    package init(id: String, isSuite: Bool, name: String, displayName: String?, filePath: String?, line: Int?) {
        self.id = id
        self.isSuite = isSuite
        self.name = name
        self.displayName = displayName
        self.filePath = filePath
        self.line = line
    }
}
