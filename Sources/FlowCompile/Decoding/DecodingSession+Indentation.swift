import FlowSource

/// A key written one level too deep: not a key of the mapping it is read in, but a key
/// of the mapping above it (its parent's siblings, by the format's key table), where it
/// is not written. In YAML's block layout that is a key indented one level deeper than
/// its siblings (`secondaryAction:` under the last entry of `primaryAction:`); it is
/// reported as such at the key, with the line as meant, instead of as an unknown key.
extension DecodingSession {
    /// The mapping one level up from a mapping whose keys are checked: its entries, and
    /// the keys the format allows there (a row of ``FormatKeys``).
    package struct EnclosingMapping {
        /// The mapping one level up.
        let fields: MappingFields
        /// The keys the format allows in it.
        let allowed: [String]

        /// The mapping `fields`, whose keys may be `allowed`.
        package init(_ fields: MappingFields, allowed: [String]) {
            self.fields = fields
            self.allowed = allowed
        }
    }

    /// Reports `entry`, a key not allowed in `fields`, when it is a key of `enclosing`
    /// written one level too deep: allowed in `enclosing` and not written there, in a YAML
    /// file (``layoutSource``) where it starts its line in a block mapping, indented deeper
    /// than the key of `enclosing` that holds `fields`, which starts its line too (after
    /// `- ` where `enclosing` is a list item). Then it
    /// is `unknown-key` at the key, `'secondaryAction' is indented one level deeper than
    /// its siblings, inside 'primaryAction'`, with the line as meant at the holder's column
    /// (``FlowSource/IndentationHint``).
    /// - Returns: whether it reported `entry`. O(entries of `enclosing` + the key's line).
    mutating func reportIndentedTooDeep(_ entry: MappingEntry, of fields: MappingFields, enclosing: EnclosingMapping) -> Bool {
        guard let bytes = layoutSource?.bytes, let name = entry.keyText, enclosing.allowed.contains(name),
            enclosing.fields.entry(name) == nil
        else { return false }
        let start = fields.node.span.start.offset
        let content = YAMLNodeProperties.contentOffset(in: bytes, from: start, end: fields.node.span.end.offset)
        guard content < bytes.count, bytes[content] != UInt8(ascii: "{"),
            let holder = enclosing.fields.entries.first(where: { $0.value.span.start.offset == start }), let holderName = holder.keyText,
            Self.startsLine(at: holder.key.span.start.offset, in: bytes), Self.startsLine(at: entry.key.span.start.offset, in: bytes),
            entry.key.span.start.column > holder.key.span.start.column
        else { return false }
        let column = holder.key.span.start.column
        report(
            .unknownKey, "'\(IndentationHint.shown(name))' is indented one level deeper than its siblings, inside '\(IndentationHint.shown(holderName))'",
            at: entry.key.span,
            hint: IndentationHint.text(
                column: column, meantLine: IndentationHint.meantLine(in: bytes, textAt: entry.key.span.start.offset, column: column),
                linesUnder: entry.value.span.end.line > entry.key.span.start.line))
        return true
    }

    /// Whether only spaces and block sequence indicators (`- `) stand before byte
    /// `offset` on its line.
    private static func startsLine(at offset: Int, in bytes: [UInt8]) -> Bool {
        guard offset <= bytes.count else { return false }
        var index = offset - 1
        while index >= 0, bytes[index] == 0x20 || (bytes[index] == UInt8(ascii: "-") && index + 1 < bytes.count && bytes[index + 1] == 0x20) {
            index -= 1
        }
        return index < 0 || bytes[index] == 0x0A || bytes[index] == 0x0D
    }
}
