import FeedbackFlowCore

/// Where a scenario's submissions and opened URLs go: kept, in order, for its
/// `submitted:` and `opened:` expectations.
package actor ScenarioOutlet: FeedbackSink, URLHandler {
    /// The submissions no `submitted:` has matched yet, oldest first.
    package private(set) var submissions: [FeedbackSubmission] = []
    /// Every URL opened, in order.
    package private(set) var opened: [String] = []

    /// An outlet that has received nothing.
    package init() {}

    package func submit(_ feedback: FeedbackSubmission) async throws {
        submissions.append(feedback)
    }

    package func open(_ url: String) async throws {
        opened.append(url)
    }

    /// Takes the oldest submission not yet matched.
    package func takeSubmission() -> FeedbackSubmission? {
        submissions.isEmpty ? nil : submissions.removeFirst()
    }
}
