import FlowCompile
import FlowSource

/// What the language server knows of one open document after its last compile: what
/// every request about the document reads. Made on each change (``LanguageServer``'s
/// `publish`); the name index is built on the first request that needs it, not on each
/// keystroke.
struct DocumentAnalysis {
    /// The screen ids' places in the current text: empty when it does not load, so no
    /// request edits by the offsets of an older text.
    var references = ScreenReferences(root: nil)
    /// The screen ids of the last text that loaded, for completion.
    var knownIDs: [String] = []
    var diagnostics: [Diagnostic] = []
    /// Each screen's `style: title`, by id, of the last text that decoded (the first of an
    /// id written twice): what completion, the symbols and hover show of it.
    var screens: [String: String] = [:]
    /// The names a `${…}` or an expression can read, with what each is, of the last text
    /// that decoded.
    var names: [ReadableName] = []
    /// The handlers the flow declares and the manifest's, of the last text that decoded.
    var handlers: [HandlerDeclaration] = []
    /// The current text's decoded flow (`nil` when it does not decode), the file it was
    /// decoded from and the options it was compiled with: what ``namePlaces`` is made of.
    var flow: Flow?
    var source = SourceFile(path: "", bytes: [])
    var options = CompileOptions()
    /// The current text's node tree; `nil` when it does not load.
    var root: Node?
    /// The anchors and aliases of the current text (none when it does not load).
    var anchors: [AnchorPlace] = []
    /// Every name's places, once asked for.
    var namePlaces: NamePlaces?
    /// A flow test file's flow and its names; `nil` for a flow.
    var flowTest: FlowTestAnalysis?
}
