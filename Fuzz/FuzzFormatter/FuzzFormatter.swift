import FeedbackFlow
import FlowFormat
import FlowSource
import FuzzDriver

/// Formats the input as a YAML flow file (`fmt`), then formats the result again: the
/// layout must be a fixed point. A file fmt refuses is left as it was, which is allowed;
/// a crash, a sanitizer report, a hang (`-timeout`) or a second pass that changes the
/// text is a finding.
@_cdecl("FuzzFormatter_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        let options = CompileOptions()
        guard case .formatted(let text) = FlowFormatter.format(SourceFile(path: "fuzz.flow.yaml", bytes: bytes), as: .yaml, options: options)
        else { return }
        let again = FlowFormatter.format(SourceFile(path: "fuzz.flow.yaml", text: text), as: .yaml, options: options)
        guard case .formatted(let twice) = again else {
            preconditionFailure("fmt refused its own layout: \(again)\n---\n\(text)")
        }
        precondition(twice == text, "fmt is not idempotent:\n---\n\(text)---\n\(twice)")
    }
}
