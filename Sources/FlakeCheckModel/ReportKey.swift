/// A coding key made from a string, for the hand-written encoders that must write `null` for absent
/// values (the synthesized ones leave the key out, and consumers of report.json rely on every key
/// being present).
package struct ReportKey: CodingKey, ExpressibleByStringLiteral {
    package var stringValue: String
    package var intValue: Int? { nil }

    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
    package init(stringLiteral value: String) { self.stringValue = value }
}
