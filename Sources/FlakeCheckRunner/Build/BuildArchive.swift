import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// `flakecheck archive` and `run --archive`: the built test binary with what it loads from beside it (the
/// package's resource bundles and dynamic libraries), its discovered tests and the toolchain that built
/// it, in one `.tar.gz`, so that CI shards run the tests without building them (cargo-nextest's archive).
/// The archive holds no toolchain: the machine that runs it needs the same one, which is checked.
package struct BuildArchive: Sendable {
    package struct Manifest: Codable, Equatable, Sendable {
        package var formatVersion = 1
        /// The test binary's file name in the archive's `bin` folder.
        package var binary: String
        /// `swift --version` of the machine that built it.
        package var toolchain: String?
        package var configuration: String
        package var tests: [TestIdentity]
    }

    static let manifestName = "flakecheck-archive.json"

    /// Packing and unpacking are file plumbing, not test processes: they always use the real `tar`, even
    /// where the test processes are scripted.
    package var tar: any ProcessLaunching = POSIXProcessLauncher()
    package var cancellation: CancellationFlag

    package init(cancellation: CancellationFlag) { self.cancellation = cancellation }

    /// Writes `file` (atomically: a temporary file renamed over it) from the binary in its bin folder.
    package func write(
        binary: String, tests: [TestIdentity], toolchain: String?, configuration: String, to file: String,
        scratch: String
    ) throws {
        let staging = scratch + "/archive"
        try? FileManager.default.removeItem(atPath: staging)
        try FileManager.default.createDirectory(atPath: staging + "/bin", withIntermediateDirectories: true)
        let binFolder = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        let binaryName = URL(fileURLWithPath: binary).lastPathComponent
        // Beside the binary, what it may load at run time: resource bundles and the package's own .so files.
        let companions = ((try? FileManager.default.contentsOfDirectory(atPath: binFolder)) ?? [])
            .filter { $0.hasSuffix(".resources") || $0.hasSuffix(".so") }
        for name in [binaryName] + companions.sorted() {
            try FileManager.default.copyItem(atPath: binFolder + "/" + name, toPath: staging + "/bin/" + name)
        }
        let manifest = Manifest(binary: binaryName, toolchain: toolchain, configuration: configuration, tests: tests)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(manifest).write(to: URL(fileURLWithPath: staging + "/" + Self.manifestName))
        let temporary = file + ".tmp-\(getpid())"
        try run(["tar", "-czf", temporary, "-C", staging, "."], what: "packing")
        guard rename(temporary, file) == 0 else {
            unlink(temporary)
            throw FlakeCheckError.outputNotWritable(file, reason: String(cString: strerror(errno)))
        }
        try? FileManager.default.removeItem(atPath: staging)
    }

    /// Unpacks `file` into `folder` and returns the binary's path and the manifest.
    package func unpack(_ file: String, into folder: String) throws -> (binary: String, manifest: Manifest) {
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw FlakeCheckError.unusableArchive(
                file, reason: "no such file (write one with `flakecheck archive --output FILE`)")
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try run(["tar", "-xzf", file, "-C", folder], what: "unpacking", archive: file)
        guard let data = FileManager.default.contents(atPath: folder + "/" + Self.manifestName),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else {
            throw FlakeCheckError.unusableArchive(
                file, reason: "it has no \(Self.manifestName): not written by `flakecheck archive`")
        }
        let binary = folder + "/bin/" + manifest.binary
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw FlakeCheckError.unusableArchive(file, reason: "its test binary \(manifest.binary) is missing")
        }
        return (binary, manifest)
    }

    private func run(_ arguments: [String], what: String, archive: String? = nil) throws {
        var output = [UInt8]()
        let request = ProcessRequest(
            executable: arguments[0], arguments: Array(arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment,
            workingDirectory: FileManager.default.currentDirectoryPath)
        let exit = try tar.run(request, cancellation: cancellation) { output += $0 }
        guard exit.succeeded else {
            let message =
                "`\(arguments.joined(separator: " "))` failed while \(what): " + String(decoding: output, as: UTF8.self)
            throw archive.map { FlakeCheckError.unusableArchive($0, reason: message) }
                ?? FlakeCheckError.discoveryFailed(message)
        }
    }
}
