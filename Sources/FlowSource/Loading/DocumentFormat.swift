/// The syntax of an input file.
public enum DocumentFormat: String, Sendable, Hashable, CaseIterable {
    /// YAML 1.2 (parsed by libyaml, typed per the core schema).
    case yaml
    /// Strict JSON, RFC 8259.
    case json

    /// The syntax a file name says: `.json` for a name or path ending in `.json` (any
    /// case), `.yaml` otherwise (`.yaml`, `.yml`, anything else).
    public init(path: String) {
        self = path.lowercased().hasSuffix(".json") ? .json : .yaml
    }
}
