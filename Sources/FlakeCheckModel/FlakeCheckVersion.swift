/// The version `flakecheck --version` prints and reports record.
public enum FlakeCheckVersion {
    public static let current = "0.1.0"
}
