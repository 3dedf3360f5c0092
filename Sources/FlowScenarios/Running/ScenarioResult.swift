import FlowSource

/// How one scenario ran: passed (no ``failure``) or failed at a place of its file, and
/// what it took of the flow.
package struct ScenarioResult: Sendable {
    /// The scenario's name.
    package var name: String
    /// Where its name is written.
    package var span: SourceSpan
    /// Why it failed, at the step or expectation that did; `nil`: it passed.
    package var failure: Diagnostic?
    /// What the run took of the flow.
    package var trace: ScenarioTrace
    /// How long it took.
    package var duration: Duration

    /// Whether it passed.
    package var passed: Bool { failure == nil }
}
