import Foundation
import Testing

/// The layers are SwiftPM targets (ARCHITECTURE.md), so an import the picture forbids does not compile:
/// in a copy of this package, Reporting builds; made to import the Runner beside it, it does not.
@Suite(.serialized) struct LayerImportEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `swift build --target TARGET` in `folder`, with both output streams drained together.
    static func build(_ target: String, in folder: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--target", target, "--package-path", folder]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test func reportingCannotImportTheRunner() throws {
        let copy = NSTemporaryDirectory() + "flakecheck-layers-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        for item in ["Package.swift", "Sources", "Plugins"] {
            try FileManager.default.copyItem(atPath: Self.root + "/" + item, toPath: copy + "/" + item)
        }
        // The manifest names the test targets; their folders must exist, their tests are not needed.
        for folder in ["FlakeCheckCoreTests/Fixtures", "FlakeCheckEndToEndTests"] {
            try FileManager.default.createDirectory(atPath: copy + "/Tests/" + folder, withIntermediateDirectories: true)
        }
        let clean = try Self.build("FlakeCheckReporting", in: copy)
        #expect(clean.status == 0, "\(clean.output.suffix(2_000))")

        // A Reporting file that uses the Runner: the sibling the picture forbids.
        let file = copy + "/Sources/FlakeCheckReporting/UsesTheRunner.swift"
        try "import FlakeCheckRunner\n\nlet launcher = POSIXProcessLauncher()\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let forbidden = try Self.build("FlakeCheckReporting", in: copy)
        #expect(forbidden.status != 0)
        #expect(forbidden.output.contains("no such module 'FlakeCheckRunner'"), "\(forbidden.output.suffix(2_000))")
    }
}
