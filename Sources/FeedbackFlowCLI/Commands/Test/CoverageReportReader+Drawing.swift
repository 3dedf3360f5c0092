import FlowCompile
import FlowScenarios
import FlowSource
import FlowWeb

extension CoverageReportReader {
    /// The routes of `flow` (read from `path`) the report says were taken, for `graph
    /// --coverage` and `storyboard --coverage`; every other route is drawn untested. A
    /// flow the report does not hold, or holds with other routes (the flow changed since
    /// the report was made), is said on the error output.
    func takenRoutes(of flow: Flow, path: String, environment: CommandEnvironment) -> Set<String> {
        guard let entry = coverage(of: flow, path: path, environment: environment) else { return [] }
        let keys = Set(FlowGraph(flow: flow).edges.map(\.key))
        if keys != Set(entry.routes.keys) {
            environment.errorOutput.write(DisplayText.sanitized(
                "feedbackflow: warning: the coverage report's routes of '\(path)' are not the flow's now (it changed since the report was made): "
                    + "a route the report does not know is drawn untested; run 'feedbackflow test' again") + "\n")
        }
        return Set(entry.routes.filter(\.value).keys)
    }

    /// The report's entry for `flow`, or `nil` after saying on `environment`'s error output
    /// (when given) that the report has none.
    func coverage(of flow: Flow, path: String, environment: CommandEnvironment?) -> FlowEntry? {
        if let entry = entry(for: flow, path: path, sameFile: PathIdentity.same) { return entry }
        let sameID = flows.filter { $0.id == flow.id }.map { "'\($0.file)'" }
        let why = sameID.isEmpty
            ? "the coverage report has no flow '\(flow.id)'"
            : "the coverage report's flows with the id '\(flow.id)' (\(sameID.joined(separator: ", "))) are not '\(path)'"
        environment?.errorOutput.write(DisplayText.sanitized("feedbackflow: warning: \(why): every route is drawn untested") + "\n")
        return nil
    }
}
