
/// The compiler's view of a package's calls, read from its index store (`IndexStoreReader`): where each
/// function is defined, which functions each one calls, and which implementations a protocol requirement
/// has. A call resolves to the function the compiler chose, so a same-named method of another type is a
/// different function, where a reader of names cannot tell them apart.
package struct CallGraph: Sendable {
    /// A definition's place: the file (absolute, as the compiler saw it) and the line of its name.
    package struct Place: Hashable, Sendable {
        package var file: String
        package var line: Int

        package init(file: String, line: Int) {
            self.file = file
            self.line = line
        }
    }

    /// USR → where it is defined, for the package's own functions.
    private(set) var definitions: [String: Place] = [:]
    /// Caller USR → the USRs it calls, in the order first seen.
    private(set) var callees: [String: [String]] = [:]
    /// Protocol requirement (or overridden method) USR → the implementations that override it.
    private(set) var implementations: [String: [String]] = [:]
    /// Definition place → USR, to find a test's own function from where its source says it is.
    private var byPlace: [Place: String] = [:]
    /// Line → the places defined on it: a file named by another prefix than the compiler's is matched
    /// among the few files with a definition on that line, not among every definition of the package.
    private var placesByLine: [Int: [Place]] = [:]
    /// Protocol requirement USR → the default implementation a protocol extension of the same module gives
    /// it. The index relates no conforming type to a default it does not override, so a call through the
    /// protocol (`analytics.track(event)`) would end at the requirement: the default's USR is the
    /// requirement's with the extension's `AAE` after the protocol's `P`.
    private var defaultImplementations: [String: String] = [:]

    package init() {}

    package var isEmpty: Bool { definitions.isEmpty }

    package mutating func define(_ usr: String, at place: Place) {
        guard definitions[usr] == nil else { return }
        definitions[usr] = place
        if let extensionMark = usr.range(of: "PAAE") {
            defaultImplementations[usr.replacingCharacters(in: extensionMark, with: "P")] = usr
        }
        // A macro's expansion (`@Test`'s thunk) is defined where the function it wraps is: the function
        // itself is what the place names.
        if let existing = byPlace[place], !Self.isMacroExpansion(existing) || Self.isMacroExpansion(usr) { return }
        if byPlace[place] == nil { placesByLine[place.line, default: []].append(place) }
        byPlace[place] = usr
    }

    /// A symbol a macro made (mangled with `fM` and a kind letter: `fMp_` for a peer, `fMf_` for a
    /// freestanding one, ...). Read byte by byte: a graph of a large suite asks this millions of times.
    static func isMacroExpansion(_ usr: String) -> Bool {
        let bytes = Array(usr.utf8)
        guard bytes.count >= 4 else { return false }
        for index in 0..<(bytes.count - 3)
        where bytes[index] == UInt8(ascii: "f") && bytes[index + 1] == UInt8(ascii: "M")
            && bytes[index + 3] == UInt8(ascii: "_") && "pfuam".utf8.contains(bytes[index + 2])
        {
            return true
        }
        return false
    }

    /// A call of `callee` made in `caller`; calls into what macros made are left out (a check's expansion
    /// is the testing library's, not the test's code).
    package mutating func call(from caller: String, to callee: String) {
        guard !Self.isMacroExpansion(callee) else { return }
        if !(callees[caller]?.contains(callee) ?? false) { callees[caller, default: []].append(callee) }
    }

    package mutating func implement(_ requirement: String, with implementation: String) {
        if !(implementations[requirement]?.contains(implementation) ?? false) {
            implementations[requirement, default: []].append(implementation)
        }
    }

    /// The function defined on `line` of `file` (a path that ends with `file` will do).
    package func function(definedIn file: String, line: Int) -> String? {
        if let usr = byPlace[Place(file: file, line: line)] { return usr }
        let place = placesByLine[line]?.first { $0.file.hasSuffix("/" + file) || file.hasSuffix("/" + $0.file) }
        return place.flatMap { byPlace[$0] }
    }

    package func place(of usr: String) -> Place? { definitions[usr] }

    /// What a call to `usr` may run: the function itself where the package defines it, and for a
    /// protocol requirement its implementation when there is one, or, with several (a fake for each test
    /// and the real one), those of the types in `named` (the types the reached code names); none when it
    /// names none of them, since the call cannot be told apart. `named` nil: every implementation and the
    /// protocol's default, what a change may reach (`--changed-since`), where one too many is better than
    /// one too few.
    package func targets(of usr: String, named: Set<String>? = []) -> [String] {
        let own = definitions[usr] == nil ? [] : [usr]
        guard let named else {
            return own + (implementations[usr] ?? []) + (defaultImplementations[usr].map { [$0] } ?? [])
        }
        guard let candidates = implementations[usr] else {
            return own.isEmpty ? defaultImplementations[usr].map { [$0] } ?? [] : own
        }
        if candidates.count == 1 { return own + candidates }
        // A USR spells each type in it as its length and name (`16MutexTrackerMockC`).
        return own + candidates.filter { candidate in named.contains { candidate.contains("\($0.utf8.count)\($0)") } }
    }

    /// The functions `usr` calls, each resolved to what it may run (`named` as in `targets`).
    package func calls(from usr: String, named: Set<String>? = []) -> [String] {
        var seen: Set<String> = []
        return (callees[usr] ?? []).flatMap { targets(of: $0, named: named) }.filter { seen.insert($0).inserted }
    }
}
