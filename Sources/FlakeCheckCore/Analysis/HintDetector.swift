import Foundation

/// Labels each test with the synchronisation it relies on, by reading its source: the test function
/// itself, its attributes, and the declarations of the types it mentions (a mock whose `nonisolated`
/// method fires a `Task {}`, a trait that scopes a `@TaskLocal`). Gates win over hazards: a test that
/// both starts a `Task {}` and resumes a continuation is continuation-gated.
public struct HintDetector: Sendable {
    public var index: SourceIndex

    public init(index: SourceIndex) { self.index = index }

    public func hint(for test: TestIdentity) -> SynchronisationHint? {
        guard let (located, enclosing) = locate(test) else { return nil }
        // Comments often describe the fragile pattern the code avoids; only code counts.
        let function = Substring(SourceIndex.strippingComments(located))
        let mentioned = Self.typeNames(in: function).flatMap { index.declarations(of: $0) }
            .map { Substring(SourceIndex.strippingComments($0)) }
        let scoping = enclosing.map { type in
            ["invokeTest", "setUp", "setUpWithError"].compactMap { name -> String? in
                guard let range = type.range(of: "func \(name)("),
                      let body = SourceIndex.block(in: type, from: range.upperBound) else { return nil }
                return SourceIndex.strippingComments(type[body])
            }.joined(separator: "\n")
        } ?? ""
        return Self.classify(function: function, scoping: scoping, mentionedTypes: mentioned)
    }

    private func locate(_ test: TestIdentity) -> (Substring, Substring?)? {
        if let path = test.sourcePath, let line = test.sourceLine, let function = index.function(file: path, line: line) {
            return (function, nil)
        }
        // XCTest: `Module.Class/method`; discovery gives no location, so find the class by name.
        let parts = TestIdentity.split(TestCatalog.droppingSourceLocation(test.id))
        let className = String(parts.suite.split(separator: ".").last ?? "")
        let method = parts.name.hasSuffix("()") ? String(parts.name.dropLast(2)) : parts.name
        guard let found = index.method(method, inClass: className) else { return nil }
        return (found.function, found.type)
    }

    /// `scoping` is the text of an XCTest class's setUp/invokeTest, where per-test values are scoped.
    static func classify(function: Substring, scoping: String, mentionedTypes: [Substring]) -> SynchronisationHint {
        if function.contains(anyOf: ["withCheckedContinuation", "withCheckedThrowingContinuation",
                                     "withUnsafeContinuation", "withUnsafeThrowingContinuation", "confirmation("]) {
            return .continuationGated
        }
        if function.contains(".advance(") { return .clockGated }
        if function.contains(".withValue") || scoping.contains(".withValue")
            || mentionedTypes.contains(where: { $0.contains("@TaskLocal") || $0.contains(".withValue") }) {
            return .taskLocalScoped
        }
        if function.contains("Task.yield()") { return .yieldGated }
        if function.contains(anyOf: ["Task.sleep", "usleep(", "sleep(for:", "Thread.sleep", "asyncAfter"]) {
            return .sleepGated
        }
        if function.contains(anyOf: ["Task {", "Task.detached {", "Task { @"])
            || mentionedTypes.contains(where: firesUnstructuredTaskFromNonisolatedMember) {
            return .unstructuredTask
        }
        return .none
    }

    /// A `nonisolated func` whose body starts a `Task {}`: the call returns before the work is done.
    static func firesUnstructuredTaskFromNonisolatedMember(_ declaration: Substring) -> Bool {
        var search = declaration.startIndex
        while let range = declaration.range(of: "nonisolated func ", range: search..<declaration.endIndex) {
            if let body = SourceIndex.block(in: declaration, from: range.upperBound),
               declaration[body].contains(anyOf: ["Task {", "Task.detached {", "Task { @"]) {
                return true
            }
            search = range.upperBound
        }
        return false
    }

    /// Capitalised identifiers, which is how Swift code names types.
    static func typeNames(in text: Substring) -> Set<String> {
        Set(text.matches(of: #/\b([A-Z][A-Za-z0-9_]+)/#).map { String($0.output.1) })
    }
}

extension StringProtocol {
    func contains(anyOf needles: [String]) -> Bool {
        needles.contains { contains($0) }
    }
}
