import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// `flakecheck archive` and `run --archive`: the session's build-once-run-elsewhere side.
extension SessionRunner {
    /// `--archive`: the archived binary and test list, unpacked into this run's scratch folder; no build, no
    /// listing, and no package needed here. The toolchain must be the one that built it: the binary loads
    /// the Swift runtime from it.
    func unpack(_ archive: String, scratch: String) throws -> (
        binary: String, catalog: TestCatalog, cache: DiscoveryCache?
    ) {
        let (binary, manifest) = try stage("unpacking the archive was stopped") {
            try BuildArchive(cancellation: context.cancellation).unpack(archive, into: scratch + "/archive")
        }
        // The cache beside the unpacked binary keeps this version for the report: `swift --version` once.
        let cache = DiscoveryCache(testBinary: binary, environment: environment)
        let here = toolchainVersion(cache: cache)
        if let built = manifest.toolchain, let here, built != here {
            throw FlakeCheckError.unusableArchive(
                archive,
                reason: "it was built with \(built), and `swift` here is \(here). "
                    + "Run it on a machine with the same toolchain, or build here instead.")
        }
        return (binary, TestCatalog(manifest.tests), cache)
    }

    /// `flakecheck archive`: builds (unless told not to), lists, and writes the archive. Returns the number
    /// of tests in it.
    package func writeArchive(to file: String) throws -> Int {
        // Private to this call: two archives written at once (tests in one process) must not share it.
        let scratch = NSTemporaryDirectory() + "flakecheck-archive-\(getpid())-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let interrupt = installInterruptHandler()
        defer { withExtendedLifetime(interrupt) {} }
        let discovered = try buildAndDiscover(scratch: scratch)
        try BuildArchive(cancellation: context.cancellation).write(
            binary: discovered.binary, tests: discovered.catalog.tests,
            toolchain: toolchainVersion(cache: discovered.cache),
            configuration: plan.build.configuration, to: file, scratch: scratch)
        return discovered.catalog.tests.count
    }
}
