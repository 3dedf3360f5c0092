/// How a scalar was written in the source. Drives typing: only `plain` scalars can be
/// `null`, booleans or numbers (YAML 1.2 core schema §10.3.2); every quoted or block
/// scalar is a string. JSON strings are `doubleQuoted`; JSON numbers, `true`, `false`
/// and `null` are `plain`.
package enum ScalarStyle: String, Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    /// `|` block scalar.
    case literal
    /// `>` block scalar.
    case folded
}
