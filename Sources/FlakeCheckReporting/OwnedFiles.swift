import Foundation

/// The list of files flakecheck wrote in an output folder (`.flakecheck-files`, one path a line relative
/// to the folder): the only files a later command may replace or delete there. A folder without one
/// (new, or written by someone else or an older flakecheck) has no file flakecheck may delete.
package enum OwnedFiles {
    package static let name = ".flakecheck-files"

    /// The listed paths; empty when there is no list. A path that climbs out of the folder is ignored.
    package static func read(in folder: String) -> [String] {
        guard let text = try? String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { line in
            !line.hasPrefix("/") && !line.split(separator: "/").contains("..")
        }
    }

    /// Whether the folder has a list.
    package static func exists(in folder: String) -> Bool {
        FileManager.default.fileExists(atPath: "\(folder)/\(name)")
    }

    static func write(_ files: [String], in folder: OutputFolder) throws {
        try folder.write(Array(files.map { $0 + "\n" }.joined().utf8), as: name)
    }
}
