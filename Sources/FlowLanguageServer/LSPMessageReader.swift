import FlowSystem

/// Reads the language server's input: messages framed by a `Content-Length` header (LSP
/// 3.17 "Base Protocol": header fields `Name: value` ended by `\r\n`, an empty line, then
/// exactly that many bytes of JSON). Pure over its buffer, so it is tested (and fuzzed)
/// without a pipe: ``feed(_:)`` adds bytes, ``next()`` takes what is complete.
///
/// Bounded: a header block longer than ``headerLimit`` is a framing error (the stream
/// cannot be trusted after it: the reader stops); a message longer than ``messageLimit``
/// is not kept: its bytes are counted off as they come and dropped, and the server
/// answers it with an error, so a huge message costs no memory. A length over
/// ``droppableLimit`` is a framing error too: no editor sends that much, and counting it
/// off would leave the server reading for hours, alive and answering nothing (the
/// server ends instead, and the editor starts it again, as rust-analyzer's and gopls'
/// readers end on a header they cannot use).
package struct LSPMessageReader: Sendable {
    /// What the reader found next.
    package enum Frame: Sendable, Equatable {
        /// One message's bytes.
        case message([UInt8])
        /// A message of this many bytes, over the limit, dropped.
        case tooLarge(Int)
        /// The header cannot be read (no or an invalid `Content-Length`, a header over
        /// the limit): nothing after it can be framed.
        case broken(String)
    }

    /// The longest header block: 8 KiB.
    package static let headerLimit = 8 * 1024
    /// The longest message kept: 32 MiB (a flow file is at most 32 MiB by default, and an
    /// editor sends it whole on open).
    package static let messageLimit = 32 * 1024 * 1024

    /// The longest message counted off and dropped rather than ending the stream: 128 MiB
    /// (four times ``messageLimit``).
    package static let droppableLimit = 4 * messageLimit

    private var buffer: [UInt8] = []
    /// Bytes of a too-large message still to drop.
    private var dropping = 0
    private var isBroken = false

    package init() {}

    /// Adds bytes read from the input.
    package mutating func feed(_ bytes: some Sequence<UInt8>) {
        guard !isBroken else { return }
        buffer.append(contentsOf: bytes)
        if dropping > 0 {
            let gone = min(dropping, buffer.count)
            buffer.removeFirst(gone)
            dropping -= gone
        }
    }

    /// The next complete frame, or `nil` when more bytes are needed.
    package mutating func next() -> Frame? {
        guard !isBroken, dropping == 0 else { return nil }
        if pendingLength == nil {
            guard let end = Self.headerEnd(in: buffer) else {
                if buffer.count > Self.headerLimit { return broken("a header block longer than \(Self.headerLimit) bytes") }
                return nil
            }
            guard end <= Self.headerLimit else { return broken("a header block longer than \(Self.headerLimit) bytes") }
            var length: Int?
            for line in buffer[..<(end - 4)].split(separator: UInt8(ascii: "\n")) {
                let field = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
                guard let colon = field.firstIndex(of: UInt8(ascii: ":")) else { return broken("a header line without ':'") }
                let name = String(decoding: field[..<colon], as: UTF8.self).lowercased()
                let value = String(decoding: field[(colon + 1)...], as: UTF8.self).trimmingSpaces
                if name == "content-length" {
                    guard length == nil, !value.isEmpty, value.utf8.count <= 12,
                        value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(value)
                    else { return broken("an invalid Content-Length '\(value)'") }
                    length = number
                }
            }
            guard let length else { return broken("a message without Content-Length") }
            guard length <= Self.droppableLimit else {
                return broken("a Content-Length of \(length) bytes, far over the limit of \(Self.messageLimit) bytes")
            }
            buffer.removeFirst(end)
            if length > Self.messageLimit {
                let gone = min(length, buffer.count)
                buffer.removeFirst(gone)
                dropping = length - gone
                return .tooLarge(length)
            }
            pendingLength = length
        }
        guard let length = pendingLength, buffer.count >= length else { return nil }
        pendingLength = nil
        let message = Array(buffer.prefix(length))
        buffer.removeFirst(length)
        return .message(message)
    }

    /// The length of the message whose header was read and whose bytes are not all here.
    private var pendingLength: Int?

    private mutating func broken(_ reason: String) -> Frame {
        isBroken = true
        buffer = []
        return .broken(reason)
    }

    /// The index just after the first `\r\n\r\n`, or `nil`.
    private static func headerEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
            return index + 1
        }
        return nil
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
