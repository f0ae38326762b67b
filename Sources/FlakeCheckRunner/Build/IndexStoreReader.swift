import FlakeCheckAnalysis
import FlakeCheckIndexStore
import FlakeCheckSupport
import Foundation

/// Reads a package's index store (written by every debug `swift build`) through the toolchain's own
/// `libIndexStore.so`, opened at run time by the package's C target (`FlakeCheckIndexStore`), into a
/// `CallGraph`: what each function of the package calls, as the compiler resolved it.
package struct IndexStoreReader {
    package var libraryPath: String
    package var storePath: String

    package init(libraryPath: String, storePath: String) {
        self.libraryPath = libraryPath
        self.storePath = storePath
    }

    /// The toolchain's `libIndexStore.so`: `FLAKECHECK_INDEXSTORE_LIBRARY`, else beside the `swift` on
    /// `PATH` (`usr/bin/swift` → `usr/lib/libIndexStore.so`); nil where there is none (macOS ships it
    /// inside Xcode as `libIndexStore.dylib`, not looked for here).
    package static func locateLibrary(environment: [String: String]) -> String? {
        if let override = environment["FLAKECHECK_INDEXSTORE_LIBRARY"] {
            return FileManager.default.fileExists(atPath: override) ? override : nil
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let swift = "\(folder)/swift"
            guard FileManager.default.isExecutableFile(atPath: swift) else { continue }
            let resolved = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent()
            let library = resolved.deletingLastPathComponent().appendingPathComponent("lib/libIndexStore.so").path
            return FileManager.default.fileExists(atPath: library) ? library : nil
        }
        return nil
    }

    /// The store of the build whose products are in `binFolder` (`.build/<triple>/debug`): `index/store`
    /// there; nil when that build wrote none (a release build, an archive).
    package static func store(besideProductsIn binFolder: String) -> String? {
        let store = binFolder + "/index/store"
        return FileManager.default.fileExists(atPath: store + "/v5") ? store : nil
    }

    /// The call graph of the package at `packagePath` (units whose main file is under it).
    package func read(packagePath: String) throws -> CallGraph {
        final class Collector {
            var graph = CallGraph()
            var records: Set<String> = []
        }
        let collector = Collector()
        var message = [CChar](repeating: 0, count: 512)
        let prefix = URL(fileURLWithPath: packagePath).standardizedFileURL.path + "/"
        let status = withExtendedLifetime(collector) {
            flakecheck_index_store_read(
                libraryPath, storePath, prefix, Unmanaged.passUnretained(collector).toOpaque(),
                { context, name in
                    let collector = Unmanaged<Collector>.fromOpaque(context!).takeUnretainedValue()
                    return collector.records.insert(IndexStoreReader.string(name)).inserted
                },
                { context, occurrence in
                    let collector = Unmanaged<Collector>.fromOpaque(context!).takeUnretainedValue()
                    IndexStoreReader.add(occurrence!.pointee, to: &collector.graph)
                },
                &message, message.count)
        }
        guard status == 0 else {
            throw FlakeCheckError.unreadableFile(
                storePath,
                reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return collector.graph
    }

    /// One occurrence's part of the graph: a definition of a Swift function places it (and, overriding a
    /// requirement, implements it); a call made inside a function is an edge from it.
    package static func add(_ occurrence: flakecheck_index_occurrence, to graph: inout CallGraph) {
        let roles = occurrence.roles
        let usr = string(occurrence.usr)
        guard usr.hasPrefix("s:") else { return }
        if roles & UInt64(FLAKECHECK_INDEX_ROLE_DEFINITION) != 0 {
            graph.define(usr, at: CallGraph.Place(file: string(occurrence.file), line: Int(occurrence.line)))
            if occurrence.relation_roles & UInt64(FLAKECHECK_INDEX_ROLE_REL_OVERRIDEOF) != 0 {
                graph.implement(string(occurrence.related_usr), with: usr)
            }
        }
        if roles & UInt64(FLAKECHECK_INDEX_ROLE_CALL) != 0,
            occurrence.relation_roles
                & UInt64(FLAKECHECK_INDEX_ROLE_REL_CALLEDBY | FLAKECHECK_INDEX_ROLE_REL_CONTAINEDBY) != 0
        {
            graph.call(from: string(occurrence.related_usr), to: usr)
        }
    }

    package static func string(_ text: flakecheck_index_string) -> String {
        guard let data = text.data, text.length > 0 else { return "" }
        return data.withMemoryRebound(to: UInt8.self, capacity: text.length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: text.length), as: UTF8.self)
        }
    }
}
