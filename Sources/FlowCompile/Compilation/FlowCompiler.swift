import FlowSource

/// The result of compiling one file: load → decode → validate.
public struct FlowCompilation: Sendable {
    /// The loaded file: its source (path and bytes), its format, and the loader's own
    /// diagnostics, which ``diagnostics`` also holds; its node tree (`root`) only when the
    /// compilation kept it (`keepingTree` of ``FlowCompiler/compile(_:options:keepingTree:)``).
    package var document: LoadedDocument
    /// The decoded flow; `nil` when loading or decoding failed badly enough that no flow
    /// could be built. A flow can be present together with errors.
    public var flow: Flow?
    /// Every diagnostic of the three phases, sorted by position, exact repeats removed
    /// (by file, line and column), up to the limit of
    /// ``CompileOptions/maxDiagnostics``; past it, the first ones followed by one
    /// `too-many-diagnostics` note saying how many more were found (``omitted``).
    public var diagnostics: [Diagnostic]
    /// The diagnostics found but left out of ``diagnostics`` by the limit, by severity;
    /// all zero when everything is kept.
    public var omitted: OmittedDiagnostics

    /// A result made of its parts, as ``FlowCompiler`` builds it; `diagnostics` is stored as
    /// given (not sorted, repeats not removed), `omitted` defaults to nothing left out.
    package init(
        document: LoadedDocument, flow: Flow?, diagnostics: [Diagnostic], omitted: OmittedDiagnostics = .init()
    ) {
        self.document = document
        self.flow = flow
        self.diagnostics = diagnostics
        self.omitted = omitted
    }

    /// Whether any diagnostic is an error (the flow must not be run), counting the errors
    /// left out by the limit.
    public var hasErrors: Bool { omitted.errors > 0 || diagnostics.contains { $0.severity == .error } }
}

/// How many diagnostics of each severity a compilation found but did not keep
/// (``CompileOptions/maxDiagnostics``).
public struct OmittedDiagnostics: Sendable, Hashable {
    /// Errors left out.
    public var errors: Int
    /// Warnings left out.
    public var warnings: Int
    /// Notes left out.
    public var notes: Int

    /// The given counts, zero by default.
    package init(errors: Int = 0, warnings: Int = 0, notes: Int = 0) {
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
    }

    /// All left out, whatever their severity.
    public var total: Int { errors + warnings + notes }

    /// Counts one more left out diagnostic of `severity`.
    package mutating func add(_ severity: Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
    }

    /// Adds the counts of `other`.
    package mutating func add(_ other: OmittedDiagnostics) {
        errors += other.errors
        warnings += other.warnings
        notes += other.notes
    }

    /// `3 errors, 1 warning`: the non-zero counts.
    package var description: String {
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return [(errors, "error"), (warnings, "warning"), (notes, "note")]
            .filter { $0.0 > 0 }.map { plural($0.0, $0.1) }.joined(separator: ", ")
    }
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
    ///
    /// The diagnostics kept are at most ``CompileOptions/maxDiagnostics`` (``limited(_:to:)``).
    /// - Parameter options: what the host provides (template variables, custom step
    ///   handlers, URL schemes) and the diagnostic limit; by default nothing beyond the defaults of
    ///   ``CompileOptions/init(additionalVariables:knownHandlers:allowedURLSchemes:maxDiagnostics:)``.
    /// - Parameter keepingTree: whether the result's `document` keeps its node tree (`root`);
    ///   without it (`false`), the tree is let go as soon as the flow is decoded and the
    ///   inline suppressions are read, before validation, so that the tree and validation's
    ///   tables are never in memory together (the tree is most of a large file's memory). A
    ///   caller that reads `document.root` afterwards (the language server, `fmt`, `convert`)
    ///   keeps it, the default.
    package static func compile(
        _ document: consuming LoadedDocument, options: CompileOptions = CompileOptions(), keepingTree: Bool = true
    ) -> FlowCompilation {
        var bag = DiagnosticBag(document.diagnostics)
        var decoding = DiagnosticBag()
        let flow = FlowDecoder.decode(document, diagnostics: &decoding)
        bag.append(contentsOf: decoding.diagnostics)
        // Read from the tree before it may go: the suppressions need it, validation does not.
        let suppressions = document.format == .yaml ? InlineSuppressions(source: document.source, root: document.root) : nil
        if !keepingTree { document.root = nil }
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
        var diagnostics = bag.diagnostics
        if var suppressions, !suppressions.isEmpty {
            diagnostics = suppressions.apply(
                to: diagnostics, known: LoadDiagnosticCode.allCases.map(\.rawValue) + FlowDiagnosticCode.allCases.map(\.rawValue),
                ran: { code in FlowDiagnosticCode(rawValue: code).map(options.runs) ?? true })
        }
        if !options.ruleLevels.isEmpty { diagnostics = options.applyRuleLevels(to: diagnostics) }
        let (kept, omitted) = limited(
            ordered(diagnostics), to: options.diagnosticLimit, alreadyOmitted: document.omittedDiagnostics,
            from: document.firstOmittedSpan)
        return FlowCompilation(document: document, flow: flow, diagnostics: kept, omitted: omitted)
    }

    /// The first `limit` of `diagnostics` (already ordered), then, when there were more,
    /// one `too-many-diagnostics` note at the place of the first one left out saying how
    /// many were left out and of which severities; with the counts left out. `nil`: no
    /// limit, everything is kept. O(number of diagnostics).
    /// `alreadyOmitted` errors were left out before (by the loader, past the same limit,
    /// the first at `firstOmitted`) and are counted with them; the note then stands at the
    /// earliest place left out. An error that stopped loading (a bound, a syntax error) is
    /// always kept, past the limit too, since it says why there is no more.
    package static func limited(
        _ diagnostics: [Diagnostic], to limit: Int?, alreadyOmitted: Int = 0, from firstOmitted: SourceSpan? = nil
    ) -> (kept: [Diagnostic], omitted: OmittedDiagnostics) {
        guard let limit, limit >= 0, diagnostics.count > limit || alreadyOmitted > 0 else {
            return (diagnostics, OmittedDiagnostics())
        }
        var omitted = OmittedDiagnostics()
        omitted.errors += alreadyOmitted
        let cut = min(limit, diagnostics.count)
        let stopping = diagnostics[cut...].filter(stopsLoading)
        for diagnostic in diagnostics[cut...] where !stopsLoading(diagnostic) { omitted.add(diagnostic.severity) }
        let code = FlowDiagnosticCode.tooManyDiagnostics
        let more = omitted.total == 1 ? "1 more diagnostic" : "\(omitted.total) more diagnostics"
        let note = Diagnostic(
            severity: code.severity, code: code.rawValue,
            message: "\(more) from here on not shown (\(omitted.description)): at most \(limit) are shown per file",
            span: earliest(firstOmitted, diagnostics[cut...].first { !stopsLoading($0) }?.span) ?? diagnostics.last?.span,
            hint: "fix the problems shown first, or raise the limit of diagnostics per file (0 for no limit) to see them all")
        return (Array(diagnostics[..<cut]) + [note] + stopping, omitted)
    }

    /// Whether `diagnostic` is a loading error after which the loader built nothing more:
    /// every loading code but the ones a file can repeat (duplicate keys, tabs, aliases,
    /// merges).
    package static func stopsLoading(_ diagnostic: Diagnostic) -> Bool {
        stopsLoading(code: diagnostic.code)
    }

    /// Whether a diagnostic with `code` is a loading error after which the loader built
    /// nothing more (``stopsLoading(_:)``).
    package static func stopsLoading(code text: String) -> Bool {
        guard let code = LoadDiagnosticCode(rawValue: text) else { return false }
        switch code {
        case .duplicateKey, .tabIndentation, .unknownAlias, .recursiveAlias, .invalidMerge, .syntaxError, .unusedAnchor: return false
        default: return true
        }
    }

    /// The earlier of two places (by line and column), or the one there is.
    private static func earliest(_ a: SourceSpan?, _ b: SourceSpan?) -> SourceSpan? {
        guard let a, let b else { return a ?? b }
        return b.start < a.start ? b : a
    }

    /// `diagnostics` sorted by file, line and column (diagnostics without a place first),
    /// ties in the order given, with exact repeats removed: a diagnostic with the same
    /// severity, code, message and span as an earlier one is dropped (the first is kept,
    /// with its notes and hint). Repeats arise when one node is decoded twice, e.g. a
    /// mapping merged into another screen with `<<: *base` reports its unknown key once
    /// per screen, at the same place. The order depends only on the input order (no
    /// hashing order). O(n log n); repeats are looked for only among the diagnostics that
    /// start at the same place (a repeat has the same span), so the memory beyond the
    /// sorted copy is that of the largest such group.
    package static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        struct Identity: Hashable {
            var severity: Severity
            var code: String
            var message: String
            var span: SourceSpan?
        }
        let sorted = DiagnosticBag(diagnostics).sorted
        var kept: [Diagnostic] = []
        kept.reserveCapacity(sorted.count)
        struct Place: Equatable {
            var file: String
            var start: SourcePosition
        }
        var group: Set<Identity> = []
        /// The place of the current group (`nil` inside: the diagnostics without a span).
        var groupPlace: Place??
        for d in sorted {
            let place = d.span.map { Place(file: $0.file, start: $0.start) }
            if groupPlace != .some(place) {
                group.removeAll(keepingCapacity: true)
                groupPlace = .some(place)
            }
            if group.insert(Identity(severity: d.severity, code: d.code, message: d.message, span: d.span)).inserted {
                kept.append(d)
            }
        }
        return kept
    }
}
