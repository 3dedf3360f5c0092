import FlowCompile
import FlowSource
import FuzzDriver

/// Parses the input (as UTF-8, repaired) as a `${…}` template, renders it with every
/// reference known and unknown, and places every problem and reference in a source.
@_cdecl("FuzzTemplates_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let template = TemplateString(text)
        _ = template.render { name in name }
        _ = template.render { _ in nil }
        _ = template.references
        _ = template.problems
    }
}
