import FlowSource

/// How a run reads standard input (`-` or `/dev/stdin` among its paths): the name it is
/// reported and compiled under (`--stdin-filename`; the path itself when none is given)
/// and its syntax (`--stdin-format`, else that name's extension, else YAML). A file
/// named by any other path goes by its own name and extension.
package struct StandardInputNaming: Sendable, Hashable {
    /// The name standard input is reported under; `nil`: the path that names it.
    package var name: String?
    /// The syntax standard input is read in; `nil`: the extension of ``name``, else YAML.
    package var format: DocumentFormat?

    /// Standard input named `name` and read as `format` (`nil`: as its name says).
    package init(name: String? = nil, format: DocumentFormat? = nil) {
        self.name = name
        self.format = format
    }

    /// The name the file at `path` is reported and compiled under.
    package func name(of path: String) -> String {
        StandardInput.isNamed(by: path) ? name ?? path : path
    }

    /// The syntax the file at `path` is read in: for standard input ``format``, else the
    /// extension of its ``name``, else YAML; for any other file its extension.
    package func syntax(of path: String) -> DocumentFormat {
        (StandardInput.isNamed(by: path) ? format : nil) ?? DocumentFormat(path: name(of: path))
    }
}
