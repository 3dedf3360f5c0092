import FeedbackFlow
import FlowSource
import FlowYAML
import FuzzDriver

/// Loads the input as YAML and checks every position (``checkLoadedTree(_:)``). Crashes,
/// failed checks, sanitizer reports and inputs slower than the run's `-timeout` are findings.
@_cdecl("FuzzYAMLLoader_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        checkLoadedTree(DocumentLoader.load(SourceFile(path: "fuzz.yaml", bytes: bytes), format: .yaml))
    }
}
