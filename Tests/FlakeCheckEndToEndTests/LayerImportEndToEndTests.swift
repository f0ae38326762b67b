import Foundation
import Testing

/// The layers are SwiftPM targets (ARCHITECTURE.md), so an import the picture forbids does not compile:
/// in a copy of this package, Reporting builds; made to import the Runner beside it, it does not.
@Suite(.serialized) struct LayerImportEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `swift build --target TARGET` in `folder`.
    static func build(_ target: String, in folder: String) throws -> (status: Int32, output: String) {
        try SwiftTool.run(["build", "--target", target, "--package-path", folder], in: folder)
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
