import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// A repeated run reuses the test list and the toolchain version of the same build, and never a stale
/// one: a rebuilt binary is listed again, a different `swift` is asked again, a removed build folder
/// runs nothing.
@Suite struct DiscoveryCacheTests {
    /// A folder on `PATH` holding an executable named `swift` (the scripted launcher answers for it).
    static func toolchainFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "fc-toolchain-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: folder + "/swift", contents: Data("#!/bin/false\n".utf8),
            attributes: [.posixPermissions: 0o755])
        return folder
    }

    static func session(_ package: FakePackage, _ arguments: [String], environment: [String: String]) throws
        -> RunHarnessTests.Session
    {
        try RunHarnessTests.session(package, arguments, environment: environment)
    }

    static func listings(_ session: RunHarnessTests.Session) -> Int {
        session.launcher.requests.filter { $0.arguments.contains("--list-tests") }.count
    }

    static func versionQueries(_ session: RunHarnessTests.Session) -> Int {
        session.launcher.requests.filter { $0.executable == "swift" && $0.arguments == ["--version"] }.count
    }

    /// `--hunt`'s opening readings are kept with the identity of the test binary they were read for: the
    /// same binary gives them back (every ID asked for, or none), a rebuilt binary does not, and a source
    /// edited without a rebuild keeps them (the runs still run the binary's code).
    @Test func theHuntsOpeningIsKeptForTheSameBinary() throws {
        let folder = NSTemporaryDirectory() + "fc-opening-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/Sources/M", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let binary = folder + "/M.xctest", source = folder + "/Sources/M/M.swift"
        _ = FileManager.default.createFile(atPath: binary, contents: Data("binary".utf8))
        _ = FileManager.default.createFile(atPath: source, contents: Data("func f() {}\n".utf8))
        let identity = try #require(DiscoveryCache.openingIdentity(testBinary: binary))
        let readings = [
            "M.S/a()": OpeningReading(hint: .yieldGated, sharesState: false),
            "M.S/b()": OpeningReading(hint: .none, sharesState: true),
        ]
        DiscoveryCache(testBinary: binary, environment: [:]).storeOpeningReadings(readings, identity: identity)
        let cache = DiscoveryCache(testBinary: binary, environment: [:])
        #expect(cache.openingReadings(for: ["M.S/a()", "M.S/b()"], identity: identity) == readings)
        #expect(cache.openingReadings(for: ["M.S/a()", "M.S/c()"], identity: identity) == nil)
        _ = FileManager.default.createFile(atPath: source, contents: Data("func f() { g() }\n".utf8))
        #expect(DiscoveryCache.openingIdentity(testBinary: binary) == identity)
        // A binary written again (another size and time) is another identity.
        _ = FileManager.default.createFile(atPath: binary, contents: Data("binary, rebuilt".utf8))
        let rebuilt = try #require(DiscoveryCache.openingIdentity(testBinary: binary))
        #expect(rebuilt != identity)
        #expect(cache.openingReadings(for: ["M.S/a()"], identity: rebuilt) == nil)
        #expect(DiscoveryCache(testBinary: binary, environment: ["FLAKECHECK_NO_CACHE": "1"]).path == nil)
    }

    /// The listing the hints read is Foundation's enumerator's, file for file
    /// and in its order (what it replaced), on this repository's examples and fixtures, with their build
    /// folders, links and hidden files: only `.swift` files, no manifest, nothing under `.build`.
    @Test func theSourceListingIsFoundationsEnumeratorsWithoutItsCost() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let packages = [
            "Examples/ConcurrencyStrategies", "Examples/HandOffRaces", "Tests/FixturePackages/KnownOutcomes", ".",
        ]
        for package in packages {
            let path = root + "/" + package
            var expected: [String] = []
            let skipped: Set<String> = [".build", ".swiftpm", ".git", "Packages", "node_modules", "DerivedData"]
            let enumerator = try #require(FileManager.default.enumerator(atPath: path))
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if skipped.contains(name) || (name.hasPrefix(".") && name != ".") {
                    enumerator.skipDescendants()
                    continue
                }
                guard relative.hasSuffix(".swift"), relative != "Package.swift", !relative.hasPrefix("Package@") else {
                    continue
                }
                expected.append(relative)
                if expected.count >= 5_000 { break }
            }
            let listed = SourceIndex.sourceFiles(in: path)
            #expect(!listed.isEmpty && listed == expected, "\(package)")
        }
    }

    @Test func aSecondRunOfTheSameBuildListsNothingAndAsksNoVersion() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testA"), RunHarnessTests.swiftTesting("M.S/b()"),
        ])
        let environment = ["PATH": try Self.toolchainFolder()]
        let first = try Self.session(package, ["run", "--runs", "2", "--quiet"], environment: environment)
        #expect(Self.listings(first) == 2 && Self.versionQueries(first) == 1)
        let second = try Self.session(package, ["run", "--runs", "2", "--quiet"], environment: environment)
        #expect(Self.listings(second) == 0 && Self.versionQueries(second) == 0)
        #expect(second.report?.tests.map(\.id) == first.report?.tests.map(\.id))
        #expect(second.report?.tests.map(\.passed) == [2, 2])
        #expect(second.report?.configuration.toolchain == "Swift version 6.3.1 (fake)")
    }

    @Test func aRebuiltBinaryIsListedAgainAndItsNewTestRuns() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        let environment = ["PATH": try Self.toolchainFolder()]
        _ = try Self.session(package, ["run", "--runs", "1", "--quiet"], environment: environment)
        package.tests.append(RunHarnessTests.xctest("M.C/testAdded", .failsEvery(1)))
        try package.rebuild()
        let second = try Self.session(package, ["run", "--runs", "1", "--quiet"], environment: environment)
        #expect(Self.listings(second) == 2, "the new binary is listed")
        #expect(second.report?.tests.map(\.id) == ["M.C/testA", "M.C/testAdded"])
        #expect(second.test("M.C/testAdded")?.failed == 1)
        #expect(Self.versionQueries(second) == 0, "the toolchain did not change")
    }

    @Test func aDifferentSwiftOnThePathIsAskedAgain() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        let first = try Self.session(
            package, ["run", "--runs", "1", "--quiet"], environment: ["PATH": try Self.toolchainFolder()])
        #expect(first.report?.configuration.toolchain == "Swift version 6.3.1 (fake)")
        package.toolchainVersion = "Swift version 6.4 (fake)"
        let other = try Self.toolchainFolder()
        let second = try Self.session(package, ["run", "--runs", "1", "--quiet"], environment: ["PATH": other])
        #expect(Self.versionQueries(second) == 1)
        #expect(second.report?.configuration.toolchain == "Swift version 6.4 (fake)")

        // The same folder with its `swift` replaced in place (a toolchain upgraded where it lives).
        package.toolchainVersion = "Swift version 6.5 (fake)"
        try FileManager.default.removeItem(atPath: other + "/swift")
        _ = FileManager.default.createFile(
            atPath: other + "/swift", contents: Data("#!/bin/true\n".utf8),
            attributes: [.posixPermissions: 0o755])
        let third = try Self.session(package, ["run", "--runs", "1", "--quiet"], environment: ["PATH": other])
        #expect(third.report?.configuration.toolchain == "Swift version 6.5 (fake)")
    }

    @Test func aRemovedBuildFolderRunsNothingFromTheCache() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        let environment = ["PATH": try Self.toolchainFolder()]
        _ = try Self.session(package, ["run", "--runs", "1", "--quiet"], environment: environment)
        try FileManager.default.removeItem(atPath: package.folder + "/bin")
        let second = try Self.session(
            package, ["run", "--runs", "1", "--no-build", "--quiet"], environment: environment)
        #expect(second.code == ExitCode.nothingMeasured)
        #expect(second.stderr.contains(package.folder + "/bin"))
        #expect(!second.launcher.requests.contains { $0.executable == package.binary })
    }

    @Test func anUnreadableCacheIsAMissAndIsWrittenAgain() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        let cache = package.folder + "/bin/" + DiscoveryCache.fileName
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: cache))
        let first = try Self.session(package, ["run", "--runs", "1", "--quiet"], environment: [:])
        #expect(Self.listings(first) == 2)
        #expect(first.test("M.C/testA")?.passed == 1)
        let second = try Self.session(package, ["run", "--runs", "1", "--quiet"], environment: [:])
        #expect(Self.listings(second) == 0)
    }

    @Test func theCacheCanBeTurnedOff() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        let environment = ["PATH": try Self.toolchainFolder(), "FLAKECHECK_NO_CACHE": "1"]
        _ = try Self.session(package, ["run", "--runs", "1", "--quiet"], environment: environment)
        let second = try Self.session(package, ["run", "--runs", "1", "--quiet"], environment: environment)
        #expect(Self.listings(second) == 2 && Self.versionQueries(second) == 1)
        #expect(!FileManager.default.fileExists(atPath: package.folder + "/bin/" + DiscoveryCache.fileName))
    }
}
