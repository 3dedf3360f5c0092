/// The syntax of an input file.
public enum DocumentFormat: String, Sendable, Hashable, CaseIterable {
    /// YAML 1.2 (parsed by libyaml, typed per the core schema).
    case yaml
    /// Strict JSON, RFC 8259.
    case json

    /// `.json` for paths ending in `.json`, `.yaml` otherwise (`.yaml`, `.yml`, anything).
    package init(path: String) {
        self = path.lowercased().hasSuffix(".json") ? .json : .yaml
    }
}
