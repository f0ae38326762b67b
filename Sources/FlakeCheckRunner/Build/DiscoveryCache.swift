import FlakeCheckAnalysis
import FlakeCheckModel
import Foundation

/// What does not change between runs of one build, kept beside the test binary so that a repeated run
/// starts at once: listing the tests (two processes) and `swift --version` took most of a start
/// (Benchmarks.md, "Measurements behind the code").
///
/// Each value is stored with the identity of the file it came from (device, inode, size, modification
/// and change times to the nanosecond) and used only while that identity is unchanged: a rebuilt binary is
/// a new file to SwiftPM's linker, a toolchain installed or swapped on `PATH` resolves to another file or a
/// new one, and a removed build folder takes the cache with it. Anything unreadable is a miss, never an
/// error; `FLAKECHECK_NO_CACHE=1` turns the cache off.
package final class DiscoveryCache: @unchecked Sendable {
    package static let fileName = ".flakecheck-discovery.json"
    static let formatVersion = 4

    /// The cache file; nil when caching is off.
    package let path: String?
    /// Read once, on first use (decoding a large list is not free); used by one thread, the session's.
    private lazy var stored: Contents? = read()

    /// The cache of the build that made `testBinary`, in the binary's own folder.
    package init(testBinary: String, environment: [String: String]) {
        let off = environment["FLAKECHECK_NO_CACHE"].map { !$0.isEmpty && $0 != "0" } ?? false
        path = off ? nil : URL(fileURLWithPath: testBinary).deletingLastPathComponent().path + "/" + Self.fileName
    }

    package struct Contents: Codable {
        var formatVersion = DiscoveryCache.formatVersion
        var binaryIdentity: String?
        package var tests: [TestIdentity]?
        var toolchainIdentity: String?
        package var toolchain: String?
        /// The identity of the binary the opening readings were read for, and the readings.
        var openingIdentity: String?
        var opening: [String: OpeningReading]?
    }

    /// `--hunt`'s opening readings of `ids`, read earlier for the same binary (`identity`); nil
    /// when any of them is missing.
    package func openingReadings(for ids: [String], identity: String) -> [String: OpeningReading]? {
        guard let contents = stored, contents.openingIdentity == identity, let opening = contents.opening else {
            return nil
        }
        var found: [String: OpeningReading] = [:]
        for id in ids {
            guard let reading = opening[id] else { return nil }
            found[id] = reading
        }
        return found
    }

    package func storeOpeningReadings(_ readings: [String: OpeningReading], identity: String) {
        update {
            if $0.openingIdentity != identity { $0.opening = [:] }
            $0.openingIdentity = identity
            $0.opening = ($0.opening ?? [:]).merging(readings) { _, new in new }
        }
    }

    /// The identity opening readings are kept under: the test binary's. A rebuilt binary (what `flakecheck
    /// run` makes unless `--no-build`) reads them again; sources edited without a rebuild keep them, as the
    /// runs still run the binary's code. The sources' own sizes and times were part of it until 2026-11-28:
    /// listing and stating them cost 0.2 ms before a `--hunt`'s first run (release build, the example),
    /// which was most of what the hunt's first run started later than `--explore-schedules`'s. Nil when the
    /// binary cannot be read.
    package static func openingIdentity(testBinary: String) -> String? {
        fileIdentity(testBinary)
    }

    /// The tests listed from `binary` earlier, if it is still the same file.
    package func tests(of binary: String) -> [TestIdentity]? {
        guard let contents = stored, let identity = Self.fileIdentity(binary),
            contents.binaryIdentity == identity
        else { return nil }
        return contents.tests
    }

    package func storeTests(_ tests: [TestIdentity], of binary: String) {
        guard let identity = Self.fileIdentity(binary) else { return }
        update {
            $0.binaryIdentity = identity; $0.tests = tests
        }
    }

    /// The version `swift --version` printed earlier, if `swift` on `PATH` is still the same toolchain.
    package func toolchain(swiftExecutable: String, environment: [String: String]) -> String? {
        guard let contents = stored, let identity = Self.toolchainIdentity(swiftExecutable, environment: environment),
            contents.toolchainIdentity == identity
        else { return nil }
        return contents.toolchain
    }

    package func storeToolchain(_ version: String, swiftExecutable: String, environment: [String: String]) {
        guard let identity = Self.toolchainIdentity(swiftExecutable, environment: environment) else { return }
        update {
            $0.toolchainIdentity = identity; $0.toolchain = version
        }
    }

    private func read() -> Contents? {
        guard let path, let data = FileManager.default.contents(atPath: path),
            let contents = try? JSONDecoder().decode(Contents.self, from: data),
            contents.formatVersion == Self.formatVersion
        else { return nil }
        return contents
    }

    /// Change, write to a temporary file and rename over the cache: a reader never sees half a file, and
    /// two flakecheck processes on one build at worst both list the tests. A build folder that cannot
    /// be written to only means no cache.
    private func update(_ change: (inout Contents) -> Void) {
        guard let path else { return }
        var contents = stored ?? Contents()
        change(&contents)
        stored = contents
        guard let data = try? JSONEncoder().encode(contents) else { return }
        let temporary = "\(path).\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// `dev:inode:size:mtime:ctime`, times to the nanosecond; nil if the file cannot be read.
    static func fileIdentity(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(modified.tv_sec).\(modified.tv_nsec):"
            + "\(changed.tv_sec).\(changed.tv_nsec)"
    }

    /// The `swift` a process would start (searched on the child's `PATH` as `posix_spawnp` does), resolved
    /// through its symlinks, with its identity and that of the `swift-frontend` beside it, which prints the
    /// version. Nil when it cannot be found: then the version is asked every time.
    static func toolchainIdentity(_ executable: String, environment: [String: String]) -> String? {
        let candidates =
            executable.contains("/")
            ? [executable]
            : (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(executable)" }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        let resolved = URL(fileURLWithPath: found).resolvingSymlinksInPath().path
        guard let identity = fileIdentity(resolved) else { return nil }
        let frontend = URL(fileURLWithPath: resolved).deletingLastPathComponent().path + "/swift-frontend"
        return "\(resolved)@\(identity)" + (fileIdentity(frontend).map { "+\($0)" } ?? "")
    }
}
