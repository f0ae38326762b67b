import Foundation

/// Task-local scoping that a test does not bind itself: a Swift Testing trait it names, or its XCTest
/// class's `invokeTest`/`setUp`. Such a scope covers every test it is attached to, also those that never
/// read the value, so it counts only for a test whose code (or the code it calls) reads what it binds.
extension HintDetector {
    /// The declarations of the types the test names in its attributes and body (where a trait's
    /// `provideScope` binds a value), and of the types named by the static factories its attributes call
    /// (`@Test(.signedIn(as: "ada"))`, declared as `static func signedIn(as:) -> Self { SignedIn(…) }`).
    func traitsAndTypesNamed(by function: String) -> [String] {
        let attributes = function.range(of: "func ").map { function[..<$0.lowerBound] } ?? ""
        let factories = Self.implicitMemberPattern.matches(in: String(attributes)).compactMap { $0.groups[0] }
        let factoryTypes = factories.flatMap { index.functions(named: String($0)) }
            .flatMap { CallFollower.typeNames(in: $0.text) }
        return Set(CallFollower.typeNames(in: Substring(function))).union(factoryTypes).sorted()
            .flatMap { index.declarations(of: $0) }.map { SourceIndex.strippingComments($0) }
    }

    /// The bodies of `invokeTest`, `setUp` and `setUpWithError` of an XCTest class and of the package's
    /// classes it inherits from (a base class that binds a task-local value for every subclass).
    func classScoping(of type: Substring) -> String {
        var bodies: [String] = []
        var declaration: Substring? = type
        var seen: Set<String> = []
        for _ in 0..<4 {
            guard let current = declaration else { break }
            bodies += ["invokeTest", "setUp", "setUpWithError"].compactMap { name -> String? in
                guard let range = current.range(of: "func \(name)("),
                    let body = SourceIndex.block(in: current, from: range.upperBound)
                else { return nil }
                return SourceIndex.strippingComments(current[body])
            }
            guard let superclass = Self.superclassName(of: current), seen.insert(superclass).inserted else { break }
            declaration = index.declarations(of: superclass).first
        }
        return bodies.joined(separator: "\n")
    }

    /// The first type a class declaration inherits from (`final class RoutingTests: ScopedTestCase {`), when
    /// it is not `XCTestCase` itself.
    static func superclassName(of declaration: Substring) -> String? {
        let header = declaration.prefix { $0 != "{" }
        guard let colon = header.firstIndex(of: ":") else { return nil }
        let name = header[header.index(after: colon)...].drop(while: \.isWhitespace)
            .prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty || name == "XCTestCase" ? nil : String(name)
    }

    /// Whether `scoping` binds a task-local value that `read` refers to (`$locale.withValue` and
    /// `RequestContext.locale`); true where the bound names cannot be told (`withDependencies`) or nothing is
    /// bound (a type that is no trait).
    static func bindsWhatIsRead(_ scoping: String, by read: [String]) -> Bool {
        let names = boundNamePattern.matches(in: scoping).compactMap { $0.groups[0].map(String.init) }
        guard !names.isEmpty, !scoping.contains("withDependencies") else { return true }
        return names.contains { name in read.contains { $0.contains(".\(name)") || $0.contains("$\(name)") } }
    }

    private static let boundNamePattern = SourcePattern(#"\$([A-Za-z_][A-Za-z0-9_]*)\s*\.withValue"#)
    private static let implicitMemberPattern = SourcePattern(#"(?:^|[\s(\[,:])\.([a-z_][A-Za-z0-9_]*)\s*\("#)
}
