import FlowSystem

/// The text of one input file, kept so diagnostics can quote the offending line.
///
/// `bytes` are exactly what was read (BOM and CRLF included); `lines` splits them on
/// LF, CRLF or CR with the line terminators removed, decoded as UTF-8 with invalid
/// sequences replaced by U+FFFD (for display only).
package struct SourceFile: Sendable {
    /// The path as given by the user.
    package let path: String
    /// The raw bytes of the file.
    package let bytes: [UInt8]

    /// A file at `path` (as the user gave it; kept, not made absolute) holding exactly `bytes`.
    /// Nothing is read from disk.
    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// A file at `path` holding the UTF-8 encoding of `text` (handy in tests and for flows
    /// built in memory); the same as ``init(path:bytes:)`` with `Array(text.utf8)`.
    package init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The path that stands for standard input in ``read(path:byteLimit:)``.
    package static let standardInputPath = "-"

    /// The most bytes ``read(path:byteLimit:)`` reads by default: 32 MiB. A flow file is
    /// a few kilobytes; the bound makes an endless source (`/dev/zero`, a pipe that never
    /// ends) fail at once with `io-error` instead of filling memory.
    package static let defaultByteLimit = LoadingLimits.defaultMaximumBytes

    /// `byteCount` as messages and help write it: `32 MiB` or `4 KiB` when it is a whole
    /// number of them, else `1500 bytes` (`1 byte`).
    package static func describe(byteCount: Int) -> String {
        let mebibyte = 1024 * 1024
        if byteCount > 0, byteCount % mebibyte == 0 { return "\(byteCount / mebibyte) MiB" }
        if byteCount > 0, byteCount % 1024 == 0 { return "\(byteCount / 1024) KiB" }
        return byteCount == 1 ? "1 byte" : "\(byteCount) bytes"
    }

    /// Reads all bytes of `path`, or of standard input when `path` is `-`
    /// (``standardInputPath``; the source keeps `-` as its path), up to `byteLimit`.
    ///
    /// The file is read with `open(2)`/`read(2)` until end of file, so anything that can
    /// be read sequentially works, not only regular files: fifos, `/dev/stdin`, a shell's
    /// process substitution (`<(…)`, a `/dev/fd/N` path), character devices (`/dev/null`
    /// gives no bytes). Reading standard input leaves it open. A file of more than
    /// `byteLimit` bytes is not read further than one byte past the limit (a regular
    /// file not at all: its size says so). O(min(file size, byteLimit)).
    /// - Parameters:
    ///   - name: the file's name in the source and its diagnostics' spans (what
    ///     `--stdin-filename` gives standard input); default `path`. The messages name `path`.
    ///   - byteLimit: the most bytes accepted; ``defaultByteLimit`` unless given.
    /// - Throws: `Diagnostic` with code `io-error` when the file cannot be opened or read,
    ///   e.g. `cannot read file 'a.yaml': No such file or directory`: the message ends with
    ///   the system's reason (`strerror(3)`: `Is a directory`, `Permission denied`, …),
    ///   or, past the limit, `cannot read file 'a.yaml': larger than the limit of 32 MiB`.
    ///   Its span is a zero-width point at 1:1 (there is no text to quote).
    /// - Parameter onlyRegular: refuse anything but a regular file (a fifo, a device),
    ///   opened so that nothing can wait: `cannot read file 'a.yaml': not a regular file`.
    ///   For a program that must stay responsive (the preview reloading a flow).
    package static func read(
        path: String, named name: String? = nil, byteLimit: Int = defaultByteLimit, onlyRegular: Bool = false
    ) throws(Diagnostic) -> SourceFile {
        try readStamped(path: path, named: name, byteLimit: byteLimit, onlyRegular: onlyRegular, stamping: false).source
    }

    /// ``read(path:named:byteLimit:onlyRegular:)``, with the file's ``ReadStamp`` when it is
    /// a regular file (`nil` for standard input, a fifo, a device): what a command that
    /// replaces the file checks it against before it writes.
    package static func readStamped(
        path: String, named name: String? = nil, byteLimit: Int = defaultByteLimit, onlyRegular: Bool = false, stamping: Bool = true
    ) throws(Diagnostic) -> (source: SourceFile, stamp: ReadStamp?) {
        let result: Result<FileReader.Contents, FileReader.Failure>
        if path == standardInputPath {
            result = FileReader.readAll(from: STDIN_FILENO, limit: byteLimit).map { FileReader.Contents(bytes: $0, stamp: nil) }
        } else {
            result = FileReader.contents(atPath: path, limit: byteLimit, onlyRegular: onlyRegular, stamping: stamping)
        }
        switch result {
        case .success(let contents):
            return (SourceFile(path: name ?? path, bytes: contents.bytes), contents.stamp)
        case .failure(.system(let error)):
            throw unreadable(path, error.reason, at: name)
        case .failure(.tooLarge(let limit)):
            throw tooLarge(path, limit: limit, at: name)
        case .failure(.notRegular):
            throw unreadable(path, "not a regular file", at: name)
        }
    }

    /// The `io-error` of a text of more than `limit` bytes at `path` (a file, or an
    /// editor's document): `cannot read file 'a.yaml': larger than the limit of 32 MiB`, at 1:1
    /// of `name` (default `path`).
    package static func tooLarge(_ path: String, limit: Int, at name: String? = nil) -> Diagnostic {
        unreadable(path, "larger than the limit of \(describe(byteCount: limit))", at: name)
    }

    /// The `io-error` of a file that could not be written (`fmt` writing it again), at 1:1.
    package static func unwritable(_ path: String, _ message: String) -> Diagnostic {
        .error(.ioError, message, at: SourceSpan(file: path, at: SourcePosition(line: 1, column: 1)))
    }

    /// The `io-error` of `path`, at 1:1 of `name` (default `path`).
    private static func unreadable(_ path: String, _ reason: String, at name: String? = nil) -> Diagnostic {
        .error(.ioError, "cannot read file '\(path)': \(reason)", at: SourceSpan(file: name ?? path, at: SourcePosition(line: 1, column: 1)))
    }

    /// The text of 1-based line `number` without its terminator (and without a leading
    /// BOM on line 1), or `nil` when the file has fewer lines. O(file size).
    package func line(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                if current == number { break }
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                current += 1
                start = index + 1
            }
            index += 1
        }
        guard current == number, start <= bytes.count else { return nil }
        return String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
    }
}
