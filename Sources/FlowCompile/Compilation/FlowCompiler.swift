import FlowSource

/// The result of compiling one file: load → decode → validate.
public struct FlowCompilation: Sendable {
    /// The loaded file: its source (path and bytes), its format, and the loader's own
    /// diagnostics, which ``diagnostics`` also holds.
    package var document: LoadedDocument
    /// The decoded flow; `nil` when loading or decoding failed badly enough that no flow
    /// could be built. A flow can be present together with errors.
    public var flow: Flow?
    /// Every diagnostic of the three phases, sorted by position, exact repeats removed
    /// (``FlowCompiler/ordered(_:)``).
    public var diagnostics: [Diagnostic]

    /// A result made of its parts, as ``FlowCompiler`` builds it; `diagnostics` is stored as
    /// given (not sorted, repeats not removed).
    package init(document: LoadedDocument, flow: Flow?, diagnostics: [Diagnostic]) {
        self.document = document
        self.flow = flow
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic is an error (the flow must not be run).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Loads, decodes and validates flow files.
public enum FlowCompiler {
    /// Compiles an already loaded document: decodes its root with ``FlowDecoder`` and
    /// validates the flow with ``FlowValidator`` (with the document's source, so template
    /// problems point at their `${`), so that one run reports the problems of all three
    /// phases, in the order of ``ordered(_:)``.
    ///
    /// Validation runs even when decoding found errors (a push to a missing screen is
    /// reported next to a missing title), but then without the whole-graph warnings
    /// (`unreachable-screen`, `pop-on-root`, `pop-to-not-in-stack`), which a dropped step
    /// would make wrong, and not at all when decoding found errors and no screen (the
    /// missing or broken `screens` is already reported; `empty-flow` would only repeat it).
    ///
    /// An unknown or recursive alias is one problem, reported once by the loader: the
    /// loader puts a null spanning the alias in its place, and what decoding and
    /// validation say about a node at exactly that span (`expected a string, found
    /// null`) is left out.
    /// - Parameter options: what the host provides (template variables, custom step
    ///   handlers, URL schemes); by default nothing beyond the defaults of
    ///   ``CompileOptions/init(additionalVariables:knownHandlers:allowedURLSchemes:)``.
    package static func compile(_ document: LoadedDocument, options: CompileOptions = CompileOptions()) -> FlowCompilation {
        var bag = DiagnosticBag(document.diagnostics)
        var decoding = DiagnosticBag()
        let flow = FlowDecoder.decode(document, diagnostics: &decoding)
        bag.append(contentsOf: decoding.diagnostics)
        if let flow, !(flow.screens.isEmpty && decoding.hasErrors) {
            FlowValidator.validate(
                flow, diagnostics: &bag, graphWarnings: !decoding.hasErrors, options: options, source: document.source)
        }
        let standIns = Set(
            document.diagnostics.filter { $0.has(.unknownAlias) || $0.has(.recursiveAlias) }.compactMap(\.span))
        if !standIns.isEmpty {
            let loaded = document.diagnostics.count
            let later = bag.diagnostics[loaded...].filter { $0.span.map { !standIns.contains($0) } ?? true }
            bag = DiagnosticBag(Array(bag.diagnostics[..<loaded]) + later)
        }
        return FlowCompilation(document: document, flow: flow, diagnostics: ordered(bag.diagnostics))
    }

    /// `diagnostics` sorted by file, line and column (diagnostics without a place first),
    /// ties in the order given, with exact repeats removed: a diagnostic with the same
    /// severity, code, message and span as an earlier one is dropped (the first is kept,
    /// with its notes and hint). Repeats arise when one node is decoded twice, e.g. a
    /// mapping merged into another screen with `<<: *base` reports its unknown key once
    /// per screen, at the same place. The order depends only on the input order (no
    /// hashing order). O(n log n).
    package static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        struct Identity: Hashable {
            var severity: Severity
            var code: String
            var message: String
            var span: SourceSpan?
        }
        var seen: Set<Identity> = []
        return DiagnosticBag(diagnostics).sorted.filter { d in
            seen.insert(Identity(severity: d.severity, code: d.code, message: d.message, span: d.span)).inserted
        }
    }
}
