import FlowCompile
import FlowFormat
import FlowSource
import FlowWorkspace

/// `fmt`'s per-file work, as ``ValidationFrontend`` is `validate`'s: reads each file
/// (standard input under its `--stdin-filename`), lays it out (``FlowFormatter``) and,
/// when asked, works out its diff and its `not-formatted` diagnostic, on up to one task
/// per processor core (``OrderedWork``). Nothing is written here: the command writes the
/// results in file order.
struct FormatFrontend: Sendable {
    /// What every file is compiled with.
    var options: CompileOptions
    /// The name and syntax of standard input.
    var standardInput: StandardInputNaming
    /// The paths named on the command line: a file found in a folder is laid out only
    /// when it is a flow; one named, always.
    var named: Set<String>
    /// `--diff`: each changed file's unified diff is made.
    var showsDiff = false
    /// `--check`: each changed file's `not-formatted` diagnostic is made.
    var checks = false

    /// One file's result.
    struct Result: Sendable {
        /// The path as given (`-` or `/dev/stdin` for standard input).
        var file: String
        /// The name it is reported and compiled under.
        var path: String
        /// Whether the file is standard input (written back to standard output).
        var readsStandardInput: Bool
        /// What came of it.
        var outcome: Outcome
    }

    /// What came of one file.
    enum Outcome: Sendable {
        /// It could not be read: an `io-error`.
        case unreadable(Diagnostic)
        /// It was read and laid out: ``FlowFormatter/Outcome``.
        case read(SourceFile, FlowFormatter.Outcome)
        /// It was read and its layout differs: the new text, and with `--diff` and
        /// `--check` its diff and its `not-formatted` diagnostic.
        case changed(SourceFile, text: String, diff: String?, notFormatted: Diagnostic?, stamp: ReadStamp?)
    }

    /// Formats `files` and hands each result to `each` in file order.
    func format(_ files: [String], each: (Result) -> Void) async {
        let frontend = self
        await OrderedWork.run(files, work: { frontend.formatFile($0) }, each: each)
    }

    /// Reads and lays out the file at `file`.
    func formatFile(_ file: String) -> Result {
        // Standard input is reported (and compiled) under --stdin-filename's name.
        let (readsStandardInput, path, syntax) = standardInput.reading(file)
        func result(_ outcome: Outcome) -> Result {
            Result(file: file, path: path, readsStandardInput: readsStandardInput, outcome: outcome)
        }
        let source: SourceFile
        let stamp: ReadStamp?
        do {
            // Stamped: the file is replaced only if it is still what was read.
            (source, stamp) = try SourceFile.readStamped(path: file, named: path, byteLimit: options.loadingLimits.maximumBytes)
        } catch {
            return result(.unreadable(error))
        }
        // `-` has no extension: YAML unless --stdin-format or --stdin-filename's extension says.
        let outcome = FlowFormatter.format(source, as: syntax, options: options, onlyFlows: !named.contains(file))
        guard case .formatted(let text) = outcome, !text.utf8.elementsEqual(source.bytes) else { return result(.read(source, outcome)) }
        let old = String(decoding: source.bytes, as: UTF8.self)
        return result(
            .changed(
                source, text: text, diff: showsDiff ? LineDiff.unified(old: old, new: text, oldName: path, newName: path) : nil,
                notFormatted: checks ? FormatCommand.notFormatted(old: old, new: text, path: path) : nil, stamp: stamp))
    }
}
