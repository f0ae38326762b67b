
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Swift symbol names as people read them: ThreadSanitizer's symbolizer leaves Swift frames mangled
/// (`$s9RacyTests9RaceSuiteV7appendAyyYaF`), and the runtime that every Swift program links can
/// demangle them (`RacyTests.RaceSuite.appendA() async -> ()`).
enum SwiftSymbol {
    static func demangled(_ name: String) -> String {
        guard name.hasPrefix("$s") || name.hasPrefix("$S") || name.hasPrefix("_T") else { return name }
        guard let text = name.withCString({ swift_demangle($0, strlen($0), nil, nil, 0) }) else { return name }
        defer { free(text) }
        return String(cString: text)
    }
}

@_silgen_name("swift_demangle")
private func swift_demangle(
    _ mangledName: UnsafePointer<CChar>?, _ mangledNameLength: Int,
    _ outputBuffer: UnsafeMutablePointer<CChar>?, _ outputBufferSize: UnsafeMutablePointer<Int>?,
    _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?
