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

    /// How the file at `path` is read: whether it is standard input
    /// (``StandardInput/isNamed(by:)``, asked once: it follows links), the name it is
    /// reported and compiled under, and its syntax: for standard input ``format``, else
    /// the extension of its ``name``, else YAML; for any other file its extension.
    package func reading(_ path: String) -> (isStandardInput: Bool, name: String, syntax: DocumentFormat) {
        let isStandardInput = StandardInput.isNamed(by: path)
        let name = isStandardInput ? self.name ?? path : path
        return (isStandardInput, name, (isStandardInput ? format : nil) ?? DocumentFormat(path: name))
    }
}
