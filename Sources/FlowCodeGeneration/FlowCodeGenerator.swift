import FeedbackFlow
import FlowCompile
import FlowReporting
import FlowSource
import FlowWorkspace

/// What the build does with one flow file: checks it as `feedbackflow validate` does
/// from the file's folder (the nearest `.feedbackflow.yaml` at or above it, with its rule
/// levels, context names and handler manifest: ``CompileSettings``), and, when it has no
/// error, writes its Swift (``FlowSwiftSource``) with its JSON (``FlowJSONText``).
package enum FlowCodeGenerator {
    /// What came of one file.
    package struct Result: Sendable {
        /// The file's diagnostics as `validate` reports them, then the generator's own
        /// (`swift-name-clash`, or a JSON that would not read as the same flow).
        package var diagnostics: [Diagnostic] = []
        /// A configuration that does not read, which stops the file's check.
        package var configurationProblem: UsageError?
        /// The Swift to write; `nil` when there is any error.
        package var swift: String?

        /// Whether the build fails: an error, or a configuration that does not read.
        package var failed: Bool { swift == nil }
    }

    /// Checks the flow file at `path` (absolute, or relative to `workingDirectory`) and
    /// generates its Swift with `access`. O(size of the flow).
    package static func generate(path: String, workingDirectory: String, access: GeneratedAccess = .internal) -> Result {
        var result = Result()
        let options: CompileOptions
        do throws(UsageError) {
            options = try CompileSettings.options(forFile: path, workingDirectory: workingDirectory)
        } catch {
            result.configurationProblem = error
            return result
        }
        let absolute = SettingsPath.resolve(path, in: workingDirectory)
        let compilation = FlowCompiler.compile(path: absolute, options: options, keepingTree: true)
        result.diagnostics = compilation.diagnostics
        guard !compilation.hasErrors, let flow = compilation.flow, let root = compilation.document.root else { return result }

        let json: String
        do throws(Diagnostic) {
            json = try FlowJSONText.text(
                of: root, flowID: flow.id, path: absolute, maximumDepth: options.loadingLimits.maximumNestingDepth)
        } catch {
            result.diagnostics.append(error)
            return result
        }
        // What the generated `flow()` compiles: the JSON, with the options a host can give
        // (the configuration's context names and manifest; rule levels are the build's).
        let runtime = CompileOptions(additionalVariables: options.additionalVariables, handlerManifest: options.handlerManifest)
        let check = FlowCompiler.compileJSON(text: json, name: FlowJSONText.name(of: absolute), options: runtime)
        guard check.flow == flow else {
            result.diagnostics.append(
                Diagnostic.error(
                    CommandDiagnosticCode.formatRefused.rawValue,
                    "written as JSON, the flow would not read the same, so it cannot be compiled into the target", at: flow.screensSpan,
                    hint: "'feedbackflow convert --to json' on the file says where it differs"))
            return result
        }
        let fileName = absolute.split(separator: "/").last.map(String.init) ?? absolute
        var input = FlowSwiftSource.Input(flow: flow, json: json, fileName: fileName, options: runtime)
        input.acceptedCodes = Array(Set(check.diagnostics.filter { $0.severity == .error }.map(\.code)))
        input.access = access
        let source = FlowSwiftSource(input)
        result.diagnostics += source.diagnostics
        if !source.diagnostics.contains(where: { $0.severity == .error }) { result.swift = source.text }
        return result
    }
}
