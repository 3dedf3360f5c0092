import Foundation
import PackagePlugin

/// Checks and compiles a target's flow files at build time: for every `*.flow.yaml`,
/// `*.flow.yml` and `*.flow.json` among the target's files, one build command runs
/// `feedbackflow-generate`, which reports the flow's diagnostics at its lines (errors fail
/// the build) and writes a Swift file of typed names and the flow's JSON into the
/// target. A flow is checked again when it changes, or when a `.feedbackflow.yaml` at or
/// above its folder does.
@main
struct FeedbackFlowPlugin: BuildToolPlugin {
    /// The suffixes of flow files.
    static let suffixes = [".flow.yaml", ".flow.yml", ".flow.json"]

    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let module = target as? any SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "feedbackflow-generate")
        return Self.commands(for: module.sourceFiles.map(\.url), tool: tool.url, output: context.pluginWorkDirectoryURL)
    }

    /// One build command per flow among `files`: it checks the flow and writes its Swift
    /// into `output`, named after the flow's file (`support.flow.yaml` →
    /// `support.flow.yaml.swift`, so a YAML and a JSON flow of one name get two files), with
    /// as many of its folders in front as make the name unique among the flows
    /// (`a_support.flow.yaml.swift`, `b_support.flow.yaml.swift`).
    static func commands(for files: [URL], tool: URL, output: URL) -> [Command] {
        let flows = files.map(\.standardizedFileURL).filter { url in suffixes.contains { url.lastPathComponent.hasSuffix($0) } }
        let paths = flows.map { $0.path.split(separator: "/").map(String.init) }
        // Compared without case: on a case-insensitive file system (macOS) `Support` and
        // `support` would be one output file.
        let folded = paths.map { $0.map { $0.lowercased() } }
        return zip(flows, paths).map { flow, components in
            let own = components.map { $0.lowercased() }
            var count = 1
            while count < components.count,
                folded.contains(where: { $0 != own && $0.suffix(count) == own.suffix(count) })
            {
                count += 1
            }
            let swift = output.appendingPathComponent(components.suffix(count).joined(separator: "_") + ".swift")
            return .buildCommand(
                displayName: "Checking and compiling the flow \(flow.lastPathComponent)",
                executable: tool,
                arguments: [flow.path, swift.path],
                inputFiles: [flow] + configurations(above: flow),
                outputFiles: [swift])
        }
    }

    /// The `.feedbackflow.yaml` files at or above the flow's folder, which may set its
    /// rules, context names and handler manifest: a change to one checks the flow again.
    static func configurations(above flow: URL) -> [URL] {
        var folders = flow.standardizedFileURL.path.split(separator: "/").dropLast()
        var found: [URL] = []
        while true {
            let candidate = "/" + (folders + [".feedbackflow.yaml"]).joined(separator: "/")
            if FileManager.default.fileExists(atPath: candidate) { found.append(URL(fileURLWithPath: candidate)) }
            guard !folders.isEmpty else { return found }
            folders = folders.dropLast()
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension FeedbackFlowPlugin: XcodeBuildToolPlugin {
    /// The same for a target of an Xcode project: its flow files are the target's input files.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let tool = try context.tool(named: "feedbackflow-generate")
        return Self.commands(for: target.inputFiles.map(\.url), tool: tool.url, output: context.pluginWorkDirectoryURL)
    }
}
#endif
