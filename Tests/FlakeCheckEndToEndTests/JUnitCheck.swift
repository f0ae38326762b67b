import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a JUnit file with Foundation's strict XMLParser and lists, per testcase, the child elements
/// it carries (`failure`, `flakyFailure`, `skipped`, `error`), so a test can check it against report.json.
final class JUnitCheck: NSObject, XMLParserDelegate {
    struct Case: Equatable {
        var className: String
        var name: String
        var children: [String]
    }

    private(set) var cases: [Case] = []
    private var current: Case?

    static func read(_ path: String) throws -> [Case] {
        let check = JUnitCheck()
        let parser = XMLParser(contentsOf: URL(fileURLWithPath: path))!
        parser.delegate = check
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return check.cases
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if elementName == "testcase" {
            current = Case(className: attributes["classname"] ?? "", name: attributes["name"] ?? "", children: [])
        } else if ["failure", "flakyFailure", "skipped", "error"].contains(elementName) {
            current?.children.append(elementName)
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "testcase", let finished = current {
            cases.append(finished)
            current = nil
        }
    }
}
