import FeedbackFlow
import FlowSource
import FuzzDriver

/// Loads the input as strict JSON and checks every position (``checkLoadedTree(_:)``).
@_cdecl("FuzzJSONLoader_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { bytes in
        checkLoadedTree(DocumentLoader.load(SourceFile(path: "fuzz.json", bytes: bytes), format: .json))
    }
}
