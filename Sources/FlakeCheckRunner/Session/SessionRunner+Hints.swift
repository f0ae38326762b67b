import FlakeCheckAnalysis
import Foundation

/// Hints read from the compiler's index, where the build left one.
extension SessionRunner {
    /// The package's call graph from the index store beside the test binary (a debug build's
    /// `index/store`), through the toolchain's `libIndexStore.so`; nil where there is no store or no
    /// library, or the store cannot be read (hints then follow calls by name, and the report says so).
    package func callGraph(besideBinary binary: String) -> CallGraph? {
        guard let library = IndexStoreReader.locateLibrary(environment: environment),
            let store = IndexStoreReader.store(besideProductsIn: (binary as NSString).deletingLastPathComponent)
        else { return nil }
        let graph = try? IndexStoreReader(libraryPath: library, storePath: store).read(packagePath: plan.packagePath)
        return graph?.isEmpty == false ? graph : nil
    }
}
