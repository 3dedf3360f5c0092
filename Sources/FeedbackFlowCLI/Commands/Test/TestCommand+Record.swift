import FlowScenarios
import FlowWorkspace

extension TestCommand {
    /// `--record FLOW`: plays the flow (or reads `--from-transcript`) and adds the
    /// scenario to the flow's test file.
    func record(_ flow: String, in environment: CommandEnvironment) async throws -> CommandResult {
        throw UsageError("--record is not available yet")
    }
}
