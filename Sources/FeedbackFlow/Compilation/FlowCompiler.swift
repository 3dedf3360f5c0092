import FlowDocument

/// The result of compiling one file: load → decode → validate.
public struct FlowCompilation: Sendable {
    public var document: LoadedDocument
    /// The decoded flow; `nil` when loading or decoding failed badly enough that no flow
    /// could be built. A flow can be present together with errors.
    public var flow: Flow?
    /// Every diagnostic of the three phases, sorted by position.
    public var diagnostics: [Diagnostic]

    public init(document: LoadedDocument, flow: Flow?, diagnostics: [Diagnostic]) {
        self.document = document
        self.flow = flow
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic is an error (the flow must not be run).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Loads, decodes and validates flow files.
public enum FlowCompiler {
    /// Compiles the file at `path`. Never throws; problems are diagnostics.
    /// - Parameter additionalVariables: template names a host provides besides field ids
    ///   and `flow.id`/`screen.id` (e.g. `feedbackflow run --context key=value`).
    public static func compile(path: String, additionalVariables: [String] = []) -> FlowCompilation {
        compile(DocumentLoader.load(path: path), additionalVariables: additionalVariables)
    }

    /// Compiles an already loaded document: decodes its root with ``FlowDecoder`` and
    /// validates the flow with ``FlowValidator``, so that one run reports the problems
    /// of all three phases, sorted by file, line and column (``DiagnosticBag/sorted``).
    ///
    /// Validation runs even when decoding found errors (a push to a missing screen is
    /// reported next to a missing title), but then without the whole-graph warnings
    /// (`unreachable-screen`, `pop-on-root`), which a dropped step would make wrong, and
    /// not at all when decoding found errors and no screen (the missing or broken
    /// `screens` is already reported; `empty-flow` would only repeat it).
    ///
    /// An unknown or recursive alias is one problem, reported once by the loader: the
    /// loader puts a null spanning the alias in its place, and what decoding and
    /// validation say about a node at exactly that span (`expected a string, found
    /// null`) is left out.
    public static func compile(_ document: LoadedDocument, additionalVariables: [String] = []) -> FlowCompilation {
        var bag = DiagnosticBag(document.diagnostics)
        var decoding = DiagnosticBag()
        let flow = FlowDecoder.decode(document, diagnostics: &decoding)
        bag.append(contentsOf: decoding.diagnostics)
        if let flow, !(flow.screens.isEmpty && decoding.hasErrors) {
            FlowValidator.validate(
                flow, diagnostics: &bag, graphWarnings: !decoding.hasErrors, additionalVariables: additionalVariables)
        }
        let standIns = Set(
            document.diagnostics.filter { $0.code == "unknown-alias" || $0.code == "recursive-alias" }.compactMap(\.span))
        if !standIns.isEmpty {
            let loaded = document.diagnostics.count
            let later = bag.diagnostics[loaded...].filter { $0.span.map { !standIns.contains($0) } ?? true }
            bag = DiagnosticBag(Array(bag.diagnostics[..<loaded]) + later)
        }
        return FlowCompilation(document: document, flow: flow, diagnostics: bag.sorted)
    }
}
