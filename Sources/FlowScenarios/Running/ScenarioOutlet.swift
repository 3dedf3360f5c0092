import FeedbackFlowCore

/// Where a scenario's submissions and opened URLs go: kept, in order, for its
/// `submitted:` and `opened:` expectations.
package actor ScenarioOutlet: FeedbackSink, URLHandler {
    /// The submissions no `submitted:` has matched yet, oldest first.
    package private(set) var submissions: [FeedbackSubmission] = []
    /// The URLs opened that no `opened:` has matched yet, oldest first.
    package private(set) var opened: [String] = []

    /// An outlet that has received nothing.
    package init() {}

    /// Keeps `feedback` for the scenario's `submitted:`.
    package func submit(_ feedback: FeedbackSubmission) async throws {
        submissions.append(feedback)
    }

    /// Keeps `url` for the scenario's `opened:`; nothing is opened.
    package func open(_ url: String) async throws {
        opened.append(url)
    }

    /// Takes the oldest submission not yet matched.
    package func takeSubmission() -> FeedbackSubmission? {
        submissions.isEmpty ? nil : submissions.removeFirst()
    }

    /// Takes the oldest URL opened not yet matched.
    package func takeOpened() -> String? {
        opened.isEmpty ? nil : opened.removeFirst()
    }
}
