/// A coding key made from a string, for the hand-written encoders that must write `null` for absent
/// values (the synthesized ones leave the key out, and consumers of report.json rely on every key
/// being present).
struct ReportKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { self.stringValue = value }
}
