import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowSource
import FuzzDriver

/// The whole of `validate` on the input: load (as YAML, or as JSON when the first byte
/// is `{`), decode, validate, and render the diagnostics in every format.
@_cdecl("FuzzPipeline_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        let format: DocumentFormat = bytes.first == UInt8(ascii: "{") ? .json : .yaml
        let document = DocumentLoader.load(SourceFile(path: "fuzz", bytes: bytes), format: format)
        let compilation = FlowCompiler.compile(document)
        let report = DiagnosticReport(files: [
            .init(path: "fuzz", source: compilation.document.source, diagnostics: compilation.diagnostics)
        ])
        let renderers: [any DiagnosticRenderer] = [
            TextDiagnosticRenderer(), JSONDiagnosticRenderer(), GitHubActionsDiagnosticRenderer(),
            // The rule catalogue is constant text: left out, so each input costs what its
            // diagnostics cost.
            SARIFDiagnosticRenderer(toolName: "feedbackflow", toolVersion: "fuzz", rules: []), JUnitDiagnosticRenderer(),
            CheckstyleDiagnosticRenderer(), MarkdownSummaryDiagnosticRenderer(title: "fuzz"),
        ]
        for renderer in renderers { _ = renderer.render(report) }
    }
}
