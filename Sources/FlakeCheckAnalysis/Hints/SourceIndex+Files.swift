import Foundation

/// Which files a package's `SourceIndex` is read from, and a fingerprint of them that changes when any
/// of them does (the hunt's opening is kept under it, `DiscoveryCache`).
extension SourceIndex {
    /// The package's `.swift` files that `init(packagePath:)` reads, relative to it, at most 5,000.
    package static func sourceFiles(in packagePath: String) -> [String] {
        var found: [String] = []
        let skipped: Set<String> = [".build", ".swiftpm", ".git", "Packages", "node_modules", "DerivedData"]
        guard let enumerator = FileManager.default.enumerator(atPath: packagePath) else { return [] }
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if skipped.contains(name) || (name.hasPrefix(".") && name != ".") {
                enumerator.skipDescendants()
                continue
            }
            guard relative.hasSuffix(".swift"), relative != "Package.swift", !relative.hasPrefix("Package@") else {
                continue
            }
            found.append(relative)
            if found.count >= 5_000 { break }
        }
        return found
    }

    /// What the package's sources are now, without reading them: each file's path, size and modification
    /// time (to the nanosecond), hashed (FNV-1a, the same in every process). A reading kept with it is
    /// still the sources' while it is unchanged.
    package static func fingerprint(packagePath: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for relative in sourceFiles(in: packagePath).sorted() {
            var info = stat()
            guard stat(packagePath + "/" + relative, &info) == 0 else { continue }
            #if canImport(Darwin)
                let modified = info.st_mtimespec
            #else
                let modified = info.st_mtim
            #endif
            for byte in "\(relative)\u{0}\(info.st_size)\u{0}\(modified.tv_sec).\(modified.tv_nsec)\u{0}".utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }
}
