import FlowCompile
import FlowScenarios
import FlowSource

extension CoverageReportReader {
    /// The routes of `flow` (read from `path`) the report lists as never taken, for
    /// `graph --coverage` and `storyboard --coverage`. A flow the report does not hold is
    /// said on the error output and drawn as if every route were untested: no scenario of
    /// that report took any of them.
    func untakenRoutes(of flow: Flow, path: String, environment: CommandEnvironment) -> Set<String> {
        coverage(of: flow, path: path, environment: environment)?.untakenRoutes ?? Set(FlowGraphKeys.all(of: flow))
    }

    /// The report's entry for `flow`, or `nil` after saying on the error output that the
    /// report has none.
    func coverage(of flow: Flow, path: String, environment: CommandEnvironment) -> FlowEntry? {
        if let entry = entry(for: flow, path: path, sameFile: PathIdentity.same) { return entry }
        environment.errorOutput.write(DisplayText.sanitized(
            "feedbackflow: warning: the coverage report has no flow '\(flow.id)' ('\(path)'): no scenario of it took any of its routes") + "\n")
        return nil
    }
}
