import FlowCodeGeneration
import FlowSource
import FlowSystem

// `feedbackflow-generate [--access internal|public] FLOW OUTPUT`: what the build-time
// plugin (FeedbackFlowPlugin) runs for each flow file of a target. Checks FLOW as
// `feedbackflow validate` would from its folder, prints each diagnostic on standard error
// as compilers do (`/abs/path/x.flow.yaml:12:7: error: message [code]`, notes as `note:`),
// which Xcode and `swift build` show at the flow's line, and when there is no error writes
// the flow's Swift to OUTPUT (only when it changed, so an unchanged flow recompiles
// nothing). Exit status 0 without error, 1 with errors (the build fails), 2 for wrong
// arguments, 3 when OUTPUT cannot be written.

/// Writes all of `text` to standard error; a failure leaves nothing else to tell it to.
func report(_ text: String) {
    _ = WholeWrite.write(Array(text.utf8), to: 2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var access = GeneratedAccess.internal
if arguments.first == "--access" {
    guard arguments.count > 1, let level = GeneratedAccess(rawValue: arguments[1]) else {
        report("feedbackflow-generate: --access takes internal or public\n")
        exit(2)
    }
    access = level
    arguments.removeFirst(2)
}
guard arguments.count == 2 else {
    report("usage: feedbackflow-generate [--access internal|public] FLOW OUTPUT\n")
    exit(2)
}
let (flowPath, outputPath) = (arguments[0], arguments[1])
let result = FlowCodeGenerator.generate(
    path: flowPath, workingDirectory: FileManager.default.currentDirectoryPath, access: access)
if let problem = result.configurationProblem {
    report(BuildDiagnosticText.lines(of: problem, file: flowPath))
}
report(result.diagnostics.map { BuildDiagnosticText.lines(of: $0, file: flowPath) }.joined())
guard let swift = result.swift else { exit(1) }

let bytes = Array(swift.utf8)
if let existing = try? SourceFile.read(path: outputPath), existing.bytes == bytes { exit(0) }
let temporary = outputPath + ".\(getpid()).tmp"
if let code = AtomicReplacement.writeTemporary(bytes, at: temporary, mode: 0o644, exclusive: false)
    ?? AtomicReplacement.rename(temporary, over: outputPath)
{
    report("\(outputPath): error: cannot write the generated Swift: \(SystemError(code: code).reason)\n")
    exit(3)
}
