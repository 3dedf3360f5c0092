import FeedbackFlowCore

/// Registers report.flow.yaml's handler with a closure that reads its integer argument as
/// text: the build must fail at that line, a Swift error.
func registerHandlers(in registry: inout ActionHandlerRegistry) {
    registry.register(ReportFlow.SendReport.self) { arguments in
        let pages: String = arguments.pages
        print(pages)
    }
}
