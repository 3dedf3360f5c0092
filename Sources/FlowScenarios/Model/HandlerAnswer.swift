import FlowCompile
import FlowSource

/// One answer of a handler stub: after ``delay``, it returns ``returns`` or, when
/// ``failure`` is set, throws with that message.
package struct HandlerAnswer: Sendable, Hashable {
    /// The values returned, read by later steps as `NAME.KEY`.
    package var returns: [String: ExpressionValue] = [:]
    /// The message thrown; `nil`: the handler succeeds.
    package var failure: String?
    /// How long the handler takes before answering.
    package var delay: Duration = .zero

    /// The longest ``delay`` a stub may take: 10 seconds, so that a run stays bounded.
    package static let maximumDelaySeconds = 10.0
}
