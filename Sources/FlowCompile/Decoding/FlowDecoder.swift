import FlowSource

/// Builds a ``Flow`` from a loaded node tree (the flow file format, version 1),
/// reporting every problem of shape, not only the first, each at the node's own
/// position (a key's own span for key problems).
///
/// A file is either
/// - a **flow**: top-level keys `version` (required, must be `1`), `id` (default: the
///   file's base name without extension and `.flow`), `start` (required when there is more than one
///   screen; with one screen it defaults to it), `presentation` (`present` | `push`,
///   default `present`) and `screens` (a mapping from screen id to screen, kept in
///   written order); or
/// - a **single FeedbackConfiguration**: no `screens` key and at least one screen key
///   (`style`, `title`, …) at the top level, beside `version`, `id` and `presentation`.
///   It is a flow of one screen whose id is the file's base name.
///
/// Value rules: string fields take any non-null scalar exactly as written
/// (``Node/string``); booleans only plain `true`/`false`; integers exactly
/// (``Node/integer``); null on an optional key is the same as leaving it out, null on a
/// required key is `type-mismatch` (`expected a string, found null`); a null argument of
/// `push`/`present`/`replace`/`popTo`/`openURL` is the same as none (`missing-argument`).
/// The flow `id` and image names must not be empty or hold control characters or line
/// breaks (`invalid-value`). A `screens` key must be a name a step can navigate to: not
/// empty, without `${`, not null (`invalid-value` at the key). Strings that may
/// hold `${…}` (titles, subtitles, text blocks, `openURL`, `collectUserFeedback`'s
/// `rating`/`reason`, string leaves of step arguments) become ``TemplateString`` values
/// carrying the scalar's span; whether their names exist is checked by ``FlowValidator``.
///
/// Codes reported (see ``FlowDiagnosticCode``): `unsupported-version`, `unknown-key`,
/// `missing-key`, `type-mismatch`, `invalid-value`, `empty-title`, `image-not-allowed`,
/// `invalid-action`, `empty-action`, `invalid-step`, `missing-argument`,
/// `unexpected-argument`, `invalid-content`. A required key whose name was just
/// suggested for an unknown key (`titel` → `did you mean 'title'?`) is not reported a
/// second time as missing.
///
/// Complexity: O(n · k) for n nodes and k keys allowed at a place (lookups are linear
/// in the small, fixed key sets).
package enum FlowDecoder {
    /// Decodes `document.root`, appending problems to `diagnostics`. The loader's own
    /// diagnostics (`document.diagnostics`) are not copied; ``FlowCompiler`` merges them.
    ///
    /// - Returns: the flow, also when it has errors (a broken screen keeps its id with
    ///   an empty title and no actions, so navigation targets still resolve); `nil` when
    ///   the document has no root, the root is not a mapping, or `version` is an integer
    ///   other than 1.
    package static func decode(_ document: LoadedDocument, diagnostics: inout DiagnosticBag) -> Flow? {
        guard let root = document.root else { return nil }
        var session = DecodingSession()
        if document.format == .yaml {
            session.checkModeline(in: document.source)
            session.layoutSource = document.source
        }
        let flow = session.decodeFlow(root, baseName: baseName(of: document.source.path))
        diagnostics.append(contentsOf: session.diagnostics.diagnostics)
        return flow
    }

    /// Decodes a root node; `path` gives the default flow id and the id of a
    /// single-screen file (its base name without extension, e.g. `flows/thanks.yaml` →
    /// `thanks`; `flow` when the path has no name).
    package static func decode(_ root: Node, path: String, diagnostics: inout DiagnosticBag) -> Flow? {
        var session = DecodingSession()
        let flow = session.decodeFlow(root, baseName: baseName(of: path))
        diagnostics.append(contentsOf: session.diagnostics.diagnostics)
        return flow
    }

    /// Decodes a handler manifest: a mapping of handler names to `{arguments, returns,
    /// description}`, the shape of a flow's `handlers:` (``HandlerDeclaration``),
    /// appending its problems to `diagnostics`.
    package static func decodeHandlerManifest(_ root: Node, diagnostics: inout DiagnosticBag) -> [HandlerDeclaration] {
        var session = DecodingSession()
        let handlers = session.decodeHandlers(root)
        diagnostics.append(contentsOf: session.diagnostics.diagnostics)
        return handlers
    }

    /// The last path component without its extension (the text after its last `.`, when
    /// that dot is not the first character), and without the `.flow` of the file-name
    /// convention `NAME.flow.yaml` / `NAME.flow.json` (`thanks.flow.yaml` → `thanks`).
    /// `flow` when nothing is left.
    package static func baseName(of path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
        var base = Substring(name)
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            base = name[..<dot]
        }
        if base.hasSuffix(".flow"), base.count > ".flow".count { base = base.dropLast(".flow".count) }
        return base.isEmpty ? "flow" : String(base)
    }
}
