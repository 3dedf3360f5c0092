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
        var value = NodeJSON.value(of: root, textKeys: SchemaFacts.textKeys)
        // A flow's id defaults to its file's name: written out, so the JSON's name keeps it.
        if case .object(var members) = value, let flowID, members.contains(where: { $0.key == "screens" }),
            !members.contains(where: { $0.key == "id" })
        {
            members.insert(("id", .string(flowID)), at: members.firstIndex { $0.key == "version" }.map { $0 + 1 } ?? 0)
            value = .object(members)
        }
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
