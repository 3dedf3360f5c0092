import FeedbackFlowCore

extension FlowOutcome {
    /// Line mode could not write its output any more (the reader of a pipe went away,
    /// `EPIPE`, or the stream is unwritable, e.g. `ENOSPC`): ``LineModeRunner`` ends the
    /// flow with this outcome instead of reading more commands nobody will see answered.
    package static let outputClosed = FlowOutcome("outputClosed")
}
