import FeedbackFlow
import FlowSource
import FuzzDriver

/// Loads the input as strict JSON.
@_cdecl("FuzzJSONLoader_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        _ = DocumentLoader.load(SourceFile(path: "fuzz.json", bytes: bytes), format: .json)
    }
}
