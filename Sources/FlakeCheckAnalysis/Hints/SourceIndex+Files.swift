import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which files a package's `SourceIndex` is read from, and a fingerprint of them that changes when any
/// of them does (the hunt's opening is kept under it, `DiscoveryCache`).
extension SourceIndex {
    /// The package's `.swift` files that `init(packagePath:)` reads, relative to it, at most 5,000: depth
    /// first, each folder's entries in the order the folder lists them, symbolic links to folders not
    /// followed (the order and the rules of Foundation's enumerator, which this replaced: it made objects for
    /// every entry and cost about a millisecond before a `--hunt`'s first run).
    package static func sourceFiles(in packagePath: String) -> [String] {
        var found: [String] = []
        collectSourceFiles(in: packagePath, relative: "", into: &found)
        return found
    }

    private static let skippedNames: Set<String> = [
        ".build", ".swiftpm", ".git", "Packages", "node_modules", "DerivedData",
    ]
    private static let sourceFileLimit = 5_000

    private static func collectSourceFiles(in path: String, relative: String, into found: inout [String]) {
        guard let folder = opendir(path) else { return }
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            // d_type: 4 a folder, 0 unknown (then lstat says); a link (10) is not followed.
            var isFolder = entry.pointee.d_type == 4
            if entry.pointee.d_type == 0 {
                var info = stat()
                isFolder = lstat(path + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            entries.append((name, isFolder))
        }
        closedir(folder)
        for entry in entries {
            guard found.count < sourceFileLimit else { return }
            if skippedNames.contains(entry.name) || entry.name.hasPrefix(".") { continue }
            let entryRelative = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if entryRelative.hasSuffix(".swift"), entryRelative != "Package.swift", !entryRelative.hasPrefix("Package@") {
                found.append(entryRelative)
            }
            if entry.isFolder { collectSourceFiles(in: path + "/" + entry.name, relative: entryRelative, into: &found) }
        }
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
