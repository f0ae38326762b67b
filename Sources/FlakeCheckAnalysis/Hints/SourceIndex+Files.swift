import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which files a package's `SourceIndex` is read from.
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
}
