internal import CYAML
import FlowSource

/// One libyaml event, owned: `deinit` frees what libyaml allocated for it
/// (`yaml_event_delete`), so no path — including an error half-way through a
/// document — leaks an event. Internal: no libyaml type leaves FlowYAML.
///
/// A non-copyable struct rather than a class: the same single-owner `deinit`
/// guarantee without a heap allocation per event (events are the hot path).
struct LibYAMLEvent: ~Copyable {
    /// What the event announces.
    enum Kind {
        case none, streamStart, streamEnd, documentStart, documentEnd
        case alias, scalar, sequenceStart, sequenceEnd, mappingStart, mappingEnd
    }

    /// The event as `yaml_parser_parse` filled it (a zeroed event when parsing failed,
    /// which is safe to delete). Immutable, so reading it needs no exclusivity checks.
    let raw: yaml_event_t

    /// Takes ownership of what libyaml allocated for `raw`.
    init(_ raw: yaml_event_t) {
        self.raw = raw
    }

    deinit {
        var owned = raw
        yaml_event_delete(&owned)
    }

    var kind: Kind {
        switch raw.type {
        case YAML_STREAM_START_EVENT: .streamStart
        case YAML_STREAM_END_EVENT: .streamEnd
        case YAML_DOCUMENT_START_EVENT: .documentStart
        case YAML_DOCUMENT_END_EVENT: .documentEnd
        case YAML_ALIAS_EVENT: .alias
        case YAML_SCALAR_EVENT: .scalar
        case YAML_SEQUENCE_START_EVENT: .sequenceStart
        case YAML_SEQUENCE_END_EVENT: .sequenceEnd
        case YAML_MAPPING_START_EVENT: .mappingStart
        case YAML_MAPPING_END_EVENT: .mappingEnd
        default: .none
        }
    }

    var startMark: yaml_mark_t { raw.start_mark }
    var endMark: yaml_mark_t { raw.end_mark }

    /// The anchor (`&name`) of a node event, or the name an alias (`*name`) refers to.
    var anchor: String? {
        switch raw.type {
        case YAML_ALIAS_EVENT: Self.string(raw.data.alias.anchor)
        case YAML_SCALAR_EVENT: Self.string(raw.data.scalar.anchor)
        case YAML_SEQUENCE_START_EVENT: Self.string(raw.data.sequence_start.anchor)
        case YAML_MAPPING_START_EVENT: Self.string(raw.data.mapping_start.anchor)
        default: nil
        }
    }

    /// The explicit tag as libyaml resolved it (`!!str` → `tag:yaml.org,2002:str`).
    var tag: String? {
        switch raw.type {
        case YAML_SCALAR_EVENT: Self.string(raw.data.scalar.tag)
        case YAML_SEQUENCE_START_EVENT: Self.string(raw.data.sequence_start.tag)
        case YAML_MAPPING_START_EVENT: Self.string(raw.data.mapping_start.tag)
        default: nil
        }
    }

    /// A scalar's text after escapes and folding (may contain NUL from `"\0"`).
    var scalarText: String {
        let scalar = raw.data.scalar
        guard let value = scalar.value, scalar.length > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: value, count: scalar.length), as: UTF8.self)
    }

    var scalarStyle: ScalarStyle {
        switch raw.data.scalar.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    /// Whether a sequence or mapping start is written in flow style (`[…]`, `{…}`).
    var isFlowCollection: Bool {
        switch raw.type {
        case YAML_SEQUENCE_START_EVENT: raw.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
        case YAML_MAPPING_START_EVENT: raw.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
        default: false
        }
    }

    /// Whether a document start or end event stands for no `---` or `...` in the text.
    var isImplicitDocumentMarker: Bool {
        switch raw.type {
        case YAML_DOCUMENT_START_EVENT: raw.data.document_start.implicit != 0
        case YAML_DOCUMENT_END_EVENT: raw.data.document_end.implicit != 0
        default: true
        }
    }

    /// Whether a document start event follows `%YAML` or `%TAG` directives.
    var hasDirectives: Bool {
        guard raw.type == YAML_DOCUMENT_START_EVENT else { return false }
        let start = raw.data.document_start
        return start.version_directive != nil || start.tag_directives.start != start.tag_directives.end
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }
}
