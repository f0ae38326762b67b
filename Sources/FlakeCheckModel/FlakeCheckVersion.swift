/// The version `flakecheck --version` prints and reports record.
package enum FlakeCheckVersion {
    package static let current = "0.1.0"
}
