internal import CYAML

/// A failure reported by libyaml, copied out of the parser so that it outlives it.
/// Internal: positions are still libyaml marks; ``SourceLocator/location(of:)`` turns
/// them into ``SourcePosition``s.
struct LibYAMLError: Error {
    enum Kind {
        /// Bad input bytes or characters; the position is `problemOffset` (bytes).
        case reader
        /// Tokenizing or grammar failure; the position is `problemMark`.
        case scanner, parser
        /// Out of memory, or a state libyaml should never be in.
        case memory, other
    }

    let kind: Kind
    let problem: String
    let problemMark: yaml_mark_t
    /// For reader errors: the byte offset into the input, and the offending value.
    let problemOffset: Int
    let problemValue: Int32
    /// What libyaml was doing (`while scanning a simple key`) and where that started.
    let context: String?
    let contextMark: yaml_mark_t

    init(_ parser: yaml_parser_t) {
        switch parser.error {
        case YAML_READER_ERROR: kind = .reader
        case YAML_SCANNER_ERROR: kind = .scanner
        case YAML_PARSER_ERROR: kind = .parser
        case YAML_MEMORY_ERROR: kind = .memory
        default: kind = .other
        }
        problem = parser.problem.map { String(cString: $0) } ?? "unknown libyaml error"
        problemMark = parser.problem_mark
        problemOffset = parser.problem_offset
        problemValue = parser.problem_value
        context = parser.context.map { String(cString: $0) }
        contextMark = parser.context_mark
    }
}
