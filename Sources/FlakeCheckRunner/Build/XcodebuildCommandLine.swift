import FlakeCheckModel
import Foundation

/// The xcodebuild command lines of `run --xcode`: build once with `build-for-testing`, which writes an
/// `.xctestrun` file under the derived data's `Build/Products`, then one `test-without-building
/// -xctestrun …` per run with an `-only-testing:` per selected test (xcodebuild(1)). Parallel testing is
/// turned off, so each run is one test runner whose lines are in order; flakecheck's own workers give
/// the parallelism, and default to one because two runs on the same simulator interfere.
package struct XcodebuildCommandLine: Sendable, Equatable {
    package var scheme: String
    package var workspace: String?
    package var project: String?
    package var destination: String?
    package var derivedDataPath: String

    package init(scheme: String, workspace: String?, project: String?, destination: String?, derivedDataPath: String) {
        self.scheme = scheme
        self.workspace = workspace
        self.project = project
        self.destination = destination
        self.derivedDataPath = derivedDataPath
    }

    package var buildForTesting: [String] {
        ["build-for-testing", "-scheme", scheme] + (workspace.map { ["-workspace", $0] } ?? [])
            + (project.map { ["-project", $0] } ?? []) + destinationArguments + ["-derivedDataPath", derivedDataPath]
    }

    /// `-xctestrun` replaces the scheme, workspace and project (xcodebuild refuses them together).
    package func testWithoutBuilding(xctestrun: String, tests: [String]) -> [String] {
        ["test-without-building", "-xctestrun", xctestrun] + destinationArguments
            + tests.map { "-only-testing:" + Self.onlyTestingIdentifier($0) }
            + ["-parallel-testing-enabled", "NO"]
    }

    private var destinationArguments: [String] { destination.map { ["-destination", $0] } ?? [] }

    /// The `.xctestrun` files build-for-testing wrote (`<Scheme>_<sdk><version>-<arch>.xctestrun`).
    package func xctestrunFiles() -> [String] {
        let products = derivedDataPath + "/Build/Products"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: products)) ?? []
        return names.filter { $0.hasSuffix(".xctestrun") }.sorted().map { "\(products)/\($0)" }
    }

    /// `AppTests.CartTests/testRace` is `-only-testing:AppTests/CartTests/testRace` (target, class, method).
    package static func onlyTestingIdentifier(_ id: String) -> String {
        guard let slash = id.firstIndex(of: "/"), let dot = id[..<slash].firstIndex(of: ".") else { return id }
        return id[..<dot] + "/" + id[id.index(after: dot)...]
    }

    /// The other way: `--only-testing AppTests/CartTests/testRace` names the test `AppTests.CartTests/testRace`;
    /// a name ending in `)` is a Swift Testing function.
    package static func identity(onlyTesting: String) -> TestIdentity {
        let parts = onlyTesting.split(separator: "/", maxSplits: 1)
        let id = parts.count == 2 ? "\(parts[0]).\(parts[1])" : onlyTesting
        return TestIdentity(canonicalID: id, framework: onlyTesting.hasSuffix(")") ? .swiftTesting : .xctest)
    }
}
