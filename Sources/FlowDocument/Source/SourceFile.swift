import Foundation

/// The text of one input file, kept so diagnostics can quote the offending line.
///
/// `bytes` are exactly what was read (BOM and CRLF included); `lines` splits them on
/// LF, CRLF or CR with the line terminators removed, decoded as UTF-8 with invalid
/// sequences replaced by U+FFFD (for display only).
public struct SourceFile: Sendable {
    /// The path as given by the user.
    public let path: String
    /// The raw bytes of the file.
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Reads `path` from disk.
    /// - Throws: `Diagnostic` with code `io-error` when the file cannot be read.
    public static func read(path: String) throws(Diagnostic) -> SourceFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic(
                severity: .error, code: "io-error",
                message: "cannot read file '\(path)'",
                span: SourceSpan(file: path, at: SourceLocation(line: 1, column: 1))
            )
        }
        return SourceFile(path: path, bytes: [UInt8](data))
    }

    /// The text of 1-based line `number` without its terminator (and without a leading
    /// BOM on line 1), or `nil` when the file has fewer lines. O(file size).
    public func line(_ number: Int) -> String? {
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
