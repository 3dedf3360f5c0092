import FlowFormat
import FlowSource
import FlowWorkspace

/// A compiled flow file written as the JSON `feedbackflow convert --to json` writes: its
/// node tree as JSON (``NodeJSON``, the schema's text keys as strings), its id written out
/// when the file takes it from its name, in fmt's layout (``FlowFormatter``). What the
/// generated Swift embeds and compiles without libyaml
/// (`FlowCompiler.compileJSON(text:name:options:)`).
package enum FlowJSONText {
    /// The JSON of the flow file at `path` whose node tree is `root` and whose decoded
    /// flow has the id `flowID` (`nil`: none decoded).
    /// - Throws: a `format-refused` ``Diagnostic`` when the layout refuses the value (never
    ///   for a value read from a flow, whose keys are one-line scalars).
    package static func text(of root: Node, flowID: String?, path: String, maximumDepth: Int) throws(Diagnostic) -> String {
        // A flow's id defaults to its file's name: written out, so the JSON's name keeps it.
        let value = NodeJSON.flowValue(of: root, flowID: flowID, textKeys: SchemaFacts.textKeys)
        return try FlowFormatter.text(of: value, as: .json, path: name(of: path), maximumDepth: maximumDepth)
    }

    /// The name the JSON is compiled under: the file's own name with the extension
    /// `.json` (`call-quality.flow.yaml` → `call-quality.flow.json`), so that a
    /// single-screen file's screen keeps the id its base name gives it.
    package static func name(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".yaml", ".yml", ".json"] where file.hasSuffix(suffix) {
            return String(file.dropLast(suffix.count)) + ".json"
        }
        return file + ".json"
    }
}
