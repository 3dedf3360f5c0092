#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// `path`'s number in the table of paths spans refer to (see ``SourceSpan``).
    let pathID: Int

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        pathID = SourcePathTable.shared.id(for: path)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Reads `path` from disk.
    /// - Throws: `Diagnostic` with code `io-error` when the file cannot be read.
    public static func read(path: String) throws(Diagnostic) -> SourceFile {
        guard let bytes = readBytes(path: path) else {
            throw Diagnostic(
                severity: .error, code: "io-error",
                message: "cannot read file '\(path)'",
                span: SourceSpan(file: path, at: SourceLocation(line: 1, column: 1))
            )
        }
        return SourceFile(path: path, bytes: bytes)
    }

    /// The whole content of `path` through `open`/`read` (POSIX.1-2017), straight into
    /// the array that is kept: for a regular file one allocation of its size and one
    /// read (Foundation's `Data` would add a buffer and a copy). `nil` when the file
    /// cannot be opened or read, or is a folder.
    private static func readBytes(path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { return nil }
        // One more byte than the size, so that a file read whole is seen to end (read
        // returns 0) without a second buffer; files whose size is unknown (pipes) or
        // that grew are read in further chunks.
        var chunkSize = max(Int(status.st_size), 0) + 1
        var bytes: [UInt8] = []
        while true {
            var ended = false
            var failed = false
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, count in
                count = 0
                guard let base = buffer.baseAddress else { return }
                while count < buffer.count {
                    let got = readPOSIX(descriptor, base + count, buffer.count - count)
                    if got > 0 {
                        count += got
                    } else if got == 0 {
                        ended = true
                        return
                    } else if errno != EINTR {
                        failed = true
                        return
                    }
                }
            }
            if failed { return nil }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            if ended { return bytes }
            chunkSize = max(chunkSize, 64 * 1024)
        }
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

/// `read(2)`, named apart from ``SourceFile/read(path:)``, which hides it inside the type.
private func readPOSIX(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
