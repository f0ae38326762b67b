import Foundation

/// A C library of this package that flakecheck loads into test processes (`LD_PRELOAD`): SwiftPM builds
/// it next to the flakecheck executable, `Scripts/install.sh` installs it there, and an environment
/// variable names another copy. Linux only: on macOS, System Integrity Protection strips
/// `DYLD_INSERT_LIBRARIES` from some processes.
enum PreloadLibrary {
    static func locate(_ fileName: String, override key: String, environment: [String: String]) -> String? {
        if let path = environment[key], !path.isEmpty { return path }
        #if os(Linux)
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let candidate = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(fileName).path
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
        #else
        return nil
        #endif
    }
}
