internal import CYAML

/// One libyaml parser over a private copy of the input, pulled one event at a time.
///
/// Every libyaml call that can fail goes through ``check(_:)``, which turns a failed
/// status into a ``LibYAMLError``; `deinit` releases the parser and the input on every
/// path. Internal: no libyaml type leaves FlowYAML.
final class LibYAMLParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// libyaml keeps a pointer to its input, so the parser owns the copy it reads.
    private let input: UnsafeMutableBufferPointer<UInt8>
    private var isInitialized = false

    /// - Throws: ``LibYAMLError`` when libyaml cannot set up a parser (out of memory).
    init(bytes: [UInt8]) throws(LibYAMLError) {
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        input = .allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(fromContentsOf: bytes)
        try check(yaml_parser_initialize(parser))
        isInitialized = true
        // libyaml detects the encoding itself and skips a UTF-8 BOM without counting it.
        yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
    }

    deinit {
        if isInitialized { yaml_parser_delete(parser) }
        parser.deinitialize(count: 1)
        parser.deallocate()
        input.deallocate()
    }

    /// The next event of the stream.
    /// - Throws: ``LibYAMLError`` at the first reader, scanner or parser error; after
    ///   that the parser must not be asked again.
    func nextEvent() throws(LibYAMLError) -> LibYAMLEvent {
        var raw = yaml_event_t()
        let status = yaml_parser_parse(parser, &raw)
        let event = LibYAMLEvent(raw)  // owns (and frees) whatever libyaml filled in
        try check(status)
        return event
    }

    /// The one place libyaml's status results are checked: libyaml returns 1 on success
    /// and 0 on failure, with the details left in the parser.
    private func check(_ status: Int32) throws(LibYAMLError) {
        guard status == 0 else { return }
        throw LibYAMLError(parser.pointee)
    }
}
